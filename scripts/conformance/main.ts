// `npm run conformance -- --base URL --user U --password P [--allow-writes] [--strict]
// [--junit FILE] [--overrides FILE]`: checks a platform back end against every call the front
// end makes (contract/operations.ts) and exits non-zero on any failure. docs/contract.md.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { formatReport, junitReport } from './report';
import { runConformance, type Overrides } from './runner';

const USAGE =
  'usage: npm run conformance -- --base URL --user U --password P [--allow-writes] [--strict] [--junit FILE] [--overrides FILE]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      base: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      junit: { type: 'string' },
      overrides: { type: 'string' },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { base, user, password } = values;
if (base === undefined || user === undefined || password === undefined) {
  fail('--base, --user and --password are required');
}
try {
  new URL(base);
} catch {
  fail(`--base ${base} is not a URL`);
}
let overrides: Overrides = {};
if (values.overrides !== undefined) {
  try {
    overrides = JSON.parse(fs.readFileSync(values.overrides, 'utf8')) as Overrides;
  } catch (error) {
    fail(
      `--overrides ${values.overrides}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const rows = await runConformance({
  base,
  user,
  password,
  allowWrites: values['allow-writes'],
  strict: values.strict,
  overrides,
});
process.stdout.write(`${formatReport(rows)}\n`);
if (values.junit !== undefined) fs.writeFileSync(values.junit, junitReport(rows));
process.exit(rows.some((row) => row.result === 'fail') ? 1 : 0);
