import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import type * as HtmlModule from './table-export-html';
import type * as XlsxModule from './table-export-xlsx';

/**
 * The table export's heavy work runs in a worker thread: the reader and the workbook builder are
 * wrapped here, in this (the request) thread's modules, and must never be called by a request.
 * The worker thread loads its own, unwrapped copies.
 */
const calls = vi.hoisted(() => ({ parseTable: 0, tableWorkbook: 0 }));

vi.mock('./table-export-html', async (importOriginal) => {
  const original = await importOriginal<typeof HtmlModule>();
  return {
    ...original,
    parseTable: (...args: Parameters<typeof original.parseTable>) => {
      calls.parseTable += 1;
      return original.parseTable(...args);
    },
  };
});
vi.mock('./table-export-xlsx', async (importOriginal) => {
  const original = await importOriginal<typeof XlsxModule>();
  return {
    ...original,
    tableWorkbook: (...args: Parameters<typeof original.tableWorkbook>) => {
      calls.tableWorkbook += 1;
      return original.tableWorkbook(...args);
    },
  };
});

describe('table export off the request thread', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'student01')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads and builds a large legal table in a worker while other requests are answered', async () => {
    // 2,000 rows × 20 columns: 40,000 cells, within the limit.
    const row = (index: number) =>
      `<tr>${Array.from({ length: 20 }, (_, column) => `<td>${String(index * 20 + column)}</td>`).join('')}</tr>`;
    const data = `<table>${Array.from({ length: 2000 }, (_, index) => row(index)).join('')}</table>`;
    const exporting = t.app.inject({
      method: 'POST',
      url: STORAGE_API.tableExport,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ title: 'big', data }).toString(),
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/uaa/oauth/me',
      headers: { cookie },
    });
    expect(me.statusCode).toBe(200);
    const response = await exporting;
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell('T2001').value).toBe(39_999);
    // Nothing of it ran on this thread.
    expect(calls).toEqual({ parseTable: 0, tableWorkbook: 0 });
  }, 60_000);
});
