import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

const TABLE = `<table>
  <thead><tr><th colspan="2">学生</th><th>成绩</th></tr></thead>
  <tbody>
    <tr><td>001</td><td>张小明</td><td>98</td></tr>
    <tr><td>002</td><td>张小红</td><td>87.5</td></tr>
  </tbody>
</table>`;

function post(t: TestApp, query: string, fields: Record<string, string>, cookie?: string) {
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
    t = await createTestApp({ scryptCost: 1024 });
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
