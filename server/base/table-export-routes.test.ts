import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import { createPluginTestApp, type PluginTestApp } from '../testing/plugin-test-app';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import type { TableExporter, TableExportOutcome } from './table-export-exporter';
import { tableExportRoutes } from './table-export-routes';

const TABLE = `<table>
  <thead><tr><th colspan="2">学生</th><th>成绩</th></tr></thead>
  <tbody>
    <tr><td>001</td><td>张小明</td><td>98</td></tr>
    <tr><td>002</td><td>张小红</td><td>87.5</td></tr>
  </tbody>
</table>`;

function post(
  t: { app: FastifyInstance },
  query: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `${STORAGE_API.tableExport}${query}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie === undefined ? {} : { cookie }),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('POST /api/base/common/table2xls', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'teacher01')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a real spreadsheet of the table under its title, as a download', async () => {
    const response = await post(
      t,
      '?Sy-Language=zh-CN',
      { title: '期末成绩', data: TABLE },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('期末成绩')}.xlsx`,
    );
    // An xlsx file is a zip archive.
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const sheet = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('期末成绩');
    expect(sheet.getCell('A1').value).toBe('期末成绩');
    expect(sheet.getCell('A1').font.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('学生');
    expect(sheet.getCell('C2').value).toBe('成绩');
    expect(sheet.getCell('A3').value).toBe('001');
    expect(sheet.getCell('B4').value).toBe('张小红');
    expect(sheet.getCell('C3').value).toBe(98);
    expect(sheet.getCell('C4').value).toBe(87.5);
    const merges = (sheet.model as { merges?: string[] }).merges ?? [];
    expect([...merges].sort()).toEqual(['A1:C1', 'A2:B2']);
  });

  it('honours Sy-Language for the default title and the error text', async () => {
    const english = await post(t, '?Sy-Language=en', { data: TABLE }, cookie);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-disposition']).toContain(`filename="Table.xlsx"`);
    expect((await readSheet(english.rawPayload)).getCell('A1').value).toBe('Table');

    const none = await post(t, '?Sy-Language=en', { title: 'x', data: '<p>no table</p>' }, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'no_table',
      message: 'Please specify the table to download',
    });
    const chinese = await post(t, '?Sy-Language=zh-CN', { title: 'x' }, cookie);
    expect(chinese.json()).toMatchObject({ message: '请指定需要下载的表格' });
  });

  it('refuses a table over the cell limit before building it, with a clear message', async () => {
    // 62 KB that lays out as 2,000 × 500 = 1,000,000 cells (the review's stalling body).
    const hostile = `<table>${'<tr><td colspan=500>x</td></tr>'.repeat(2000)}</table>`;
    const english = await post(t, '?Sy-Language=en', { title: 'x', data: hostile }, cookie);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ status: 400, code: 'table_too_large', data: null });
    expect(english.json<{ message: string }>().message).toMatch(
      /^The table is too large to export: at most 100,000 cells .* 2,000 merged areas/,
    );
    const chinese = await post(t, '?Sy-Language=zh-CN', { title: 'x', data: hostile }, cookie);
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json<{ message: string }>().message).toMatch(/^表格过大，无法导出/);
    // Rowspans count too: 300 rows with one cell spanning them all, 400 columns wide.
    const tall = `<table><tr>${'<td rowspan=300>x</td>'.repeat(400)}</tr>${'<tr></tr>'.repeat(299)}</table>`;
    const refused = await post(t, '?Sy-Language=en', { data: tall }, cookie);
    expect(refused.json()).toMatchObject({ code: 'table_too_large' });
  });

  it('refuses more merged areas than the limit', async () => {
    const merges = `<table>${'<tr><td colspan=2>x</td></tr>'.repeat(2001)}</table>`;
    const response = await post(t, '?Sy-Language=en', { data: merges }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'table_too_large' });
    // At the limit it is exported.
    const atLimit = `<table>${'<tr><td colspan=2>x</td></tr>'.repeat(2000)}</table>`;
    const exported = await post(t, '', { data: atLimit }, cookie);
    expect(exported.statusCode).toBe(200);
    const sheet = await readSheet(exported.rawPayload);
    expect(((sheet.model as { merges?: string[] }).merges ?? []).length).toBe(2001);
  });

  it('reads hostile markup in linear time (raw-text tags, unclosed tags)', async () => {
    // Each of these took the old reader seconds to minutes: a lower-cased copy of the page per
    // <script>, a 4 KiB scan per '<' without a '>'.
    const scripts = `<table><tr><td>a${'<script></script>'.repeat(100_000)}</td></tr></table>`;
    const response = await post(t, '', { data: scripts }, cookie);
    expect(response.statusCode).toBe(200);
    expect((await readSheet(response.rawPayload)).getCell('A2').value).toBe('a');
    const unclosed = `<table><tr><td>b</td></tr></table>${'<a'.repeat(1_000_000)}`;
    const second = await post(t, '', { data: unclosed }, cookie);
    expect(second.statusCode).toBe(200);
    expect((await readSheet(second.rawPayload)).getCell('A2').value).toBe('b');
  });

  it('lays out overlapping spans without overlapping merges (no error)', async () => {
    const overlapping = `<table>
      <tr><td>a</td><td rowspan=2>b</td></tr>
      <tr><td colspan=2>c</td></tr>
    </table>`;
    const response = await post(t, '', { data: overlapping }, cookie);
    expect(response.statusCode).toBe(200);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getCell('A3').value).toBe('c');
    expect(sheet.getCell('B2').value).toBe('b');
    const merges = (sheet.model as { merges?: string[] }).merges ?? [];
    expect([...merges].sort()).toEqual(['A1:B1', 'B2:B3']);
  });

  it('needs a session', async () => {
    const response = await post(t, '', { title: 'x', data: TABLE });
    expect(response.statusCode).toBe(401);
  });

  it('takes a large table (beyond the default 64 KiB body limit)', async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, index) => `<tr><td>${String(index)}</td><td>学生${String(index)}</td></tr>`,
    ).join('');
    const response = await post(t, '', { title: '名单', data: `<table>${rows}</table>` }, cookie);
    expect(response.statusCode).toBe(200);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getCell('B3001').value).toBe('学生2999');
  });
});

describe('table export when the workers cannot take it', () => {
  let t: PluginTestApp;
  let app: FastifyInstance;
  let cookie: string;
  let outcome: TableExportOutcome = { kind: 'busy' };

  beforeAll(async () => {
    const exporter: TableExporter = {
      export: () => Promise.resolve(outcome),
      close: () => Promise.resolve(),
    };
    t = await createPluginTestApp((instance, services) =>
      instance.register(tableExportRoutes, { services, tableExporter: exporter }),
    );
    app = t.app;
    cookie = (await signIn(app, 'teacher01')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 table_export_busy with retry-after when every worker is busy', async () => {
    outcome = { kind: 'busy' };
    const english = await post({ app }, '?Sy-Language=en', { data: TABLE }, cookie);
    expect(english.statusCode).toBe(503);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.json()).toMatchObject({
      status: 503,
      code: 'table_export_busy',
      message: 'The server is busy with other exports. Please try again in a moment',
    });
    const chinese = await post({ app }, '?Sy-Language=zh-CN', { data: TABLE }, cookie);
    expect(chinese.json()).toMatchObject({ message: '导出任务较多，服务器繁忙，请稍后重试' });
  });

  it('answers 503 table_export_failed when the export ran over its time limit', async () => {
    outcome = { kind: 'failed', error: new Error('the job ran over 30000 ms') };
    const response = await post({ app }, '?Sy-Language=en', { data: TABLE }, cookie);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'table_export_failed' });
    expect(response.body).not.toContain('30000');
  });
});
