// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POLICY_VALUES } from './policy';

/**
 * Every policy key the documentation names is in the Group Policy template and in the reader,
 * and every MSI property it names writes a policy value. Generic: it parses the docs' tables, the
 * ADMX and POLICY_VALUES, so a key added in one place and not the others fails here.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = ['docs/desktop-client.md', 'docs/admin-kit.md'];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const msiHook = (await import(
  pathToFileURL(path.join(ROOT, 'resources', 'build', 'msi-server-url.mjs')).href
)) as {
  POLICY_KEY: string;
  MSI_PROPERTIES: Record<string, string>;
  addMsiPolicies: (wxs: string) => string;
};

/** The rows of every markdown table whose header starts with `firstColumn`, cells trimmed. */
function tableRows(markdown: string, firstColumn: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (/^-+$/.test(cells[0] ?? '')) continue;
    if (!inTable) {
      inTable = cells[0] === firstColumn;
      continue;
    }
    rows.push(cells);
  }
  return rows;
}

const code = (cell: string | undefined) => /^`([^`]+)`$/.exec(cell ?? '')?.[1] ?? '';

function parseXml(text: string): Document {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

/** Each value once: the user's settings are in the template twice (enforced, recommended). */
const admxNames = [
  ...new Set(
    [...parseXml(read('resources/policy/EduDesk.admx')).getElementsByTagName('policy')].map(
      (policy) =>
        policy.getAttribute('valueName') ??
        policy.getElementsByTagName('elements')[0]?.children[0]?.getAttribute('valueName') ??
        '',
    ),
  ),
];

describe.each(DOCS)('policy keys named in %s', (file) => {
  const markdown = read(file);
  const documented = tableRows(markdown, 'value').map((cells) => code(cells[0]));

  it('are exactly the template’s and the reader’s', () => {
    expect(documented.length).toBeGreaterThan(4);
    expect([...documented].sort()).toEqual([...admxNames].sort());
    expect([...documented].sort()).toEqual(Object.keys(POLICY_VALUES).sort());
  });

  it('name only MSI properties that write a policy value', () => {
    const inCommands = [...markdown.matchAll(/^msiexec .*$/gm)].flatMap((line) =>
      [...line[0].matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((match) => match[1] ?? ''),
    );
    const inTable = tableRows(markdown, 'MSI property').map((cells) => ({
      property: code(cells[0]),
      value: code(cells[1]),
    }));
    for (const property of [...inCommands, ...inTable.map((row) => row.property)]) {
      expect(Object.keys(msiHook.MSI_PROPERTIES), property).toContain(property);
    }
    for (const row of inTable) expect(msiHook.MSI_PROPERTIES[row.property]).toBe(row.value);
  });
});

describe('MSI properties (resources/build/msi-server-url.mjs)', () => {
  it('are all in the admin kit’s table, each for a value of the template', () => {
    const table = tableRows(read('docs/admin-kit.md'), 'MSI property').map((cells) =>
      code(cells[0]),
    );
    expect(table.sort()).toEqual(Object.keys(msiHook.MSI_PROPERTIES).sort());
    for (const value of Object.values(msiHook.MSI_PROPERTIES)) expect(admxNames).toContain(value);
  });

  it('each write their value under the policy key in electron-builder’s MSI project', () => {
    const require = createRequire(import.meta.url);
    const template = readFileSync(
      path.join(
        path.dirname(require.resolve('app-builder-lib/package.json')),
        'templates/msi/template.xml',
      ),
      'utf8',
    );
    const wxs = parseXml(msiHook.addMsiPolicies(template));
    const values = [...wxs.getElementsByTagName('RegistryValue')];
    for (const [property, value] of Object.entries(msiHook.MSI_PROPERTIES)) {
      const written = values.find((element) => element.getAttribute('Value') === `[${property}]`);
      expect(written?.getAttribute('Key'), property).toBe(msiHook.POLICY_KEY);
      expect(written?.getAttribute('Name'), property).toBe(value);
      expect(written?.parentElement?.getElementsByTagName('Condition')[0]?.textContent).toBe(
        property,
      );
      const secure = [...wxs.getElementsByTagName('Property')].find(
        (element) => element.getAttribute('Id') === property,
      );
      expect(secure?.getAttribute('Secure'), property).toBe('yes');
      // A repair keeps the value the MSI wrote, but never adopts a DWORD Group Policy wrote.
      const remember = [...wxs.getElementsByTagName('SetProperty')].find(
        (element) => element.getAttribute('Id') === property,
      );
      expect(remember?.textContent).toBe(
        `NOT ${property} AND EDUDESK_SAVED_${property} AND NOT (EDUDESK_SAVED_${property} << "#")`,
      );
    }
    const guids = [...wxs.getElementsByTagName('Component')].map((c) => c.getAttribute('Guid'));
    expect(new Set(guids).size).toBe(guids.length);
    const command = values.find((element) =>
      element.getAttribute('Key')?.endsWith('\\shell\\open\\command'),
    );
    expect(command?.getAttribute('Key')).toBe('Software\\Classes\\edudesk\\shell\\open\\command');
    expect(command?.getAttribute('Value')).toBe('"[APPLICATIONFOLDER]EduDesk.exe" "%1"');
  });
});
