import type { Row } from './runner';

/** The report as text: one block per call, a line per check, and the totals. */
export function formatReport(rows: readonly Row[]): string {
  const width = Math.max(...rows.map((row) => row.check.length), 5);
  const lines: string[] = [];
  let call = '';
  for (const row of rows) {
    if (row.call !== call) {
      call = row.call;
      lines.push('', call);
    }
    const mark = row.result === 'pass' ? 'PASS' : row.result === 'fail' ? 'FAIL' : 'skip';
    lines.push(`  ${mark}  ${row.check.padEnd(width)}  ${row.detail}`.trimEnd());
  }
  const count = (result: Row['result']) => rows.filter((row) => row.result === result).length;
  lines.push(
    '',
    `${String(count('pass'))} passed, ${String(count('fail'))} failed, ${String(count('skip'))} skipped`,
  );
  return lines.join('\n');
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The report as JUnit XML, for a CI's test report: a test case per check. */
export function junitReport(rows: readonly Row[]): string {
  const failures = rows.filter((row) => row.result === 'fail').length;
  const skipped = rows.filter((row) => row.result === 'skip').length;
  const cases = rows.map((row) => {
    const open = `    <testcase classname="${xml(row.call)}" name="${xml(row.check)}"`;
    if (row.result === 'pass') return `${open}/>`;
    const inner =
      row.result === 'fail'
        ? `<failure message="${xml(row.detail)}"/>`
        : `<skipped message="${xml(row.detail)}"/>`;
    return `${open}>${inner}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites><testsuite name="conformance" tests="${String(rows.length)}" failures="${String(failures)}" skipped="${String(skipped)}">`,
    ...cases,
    '</testsuite></testsuites>',
    '',
  ].join('\n');
}
