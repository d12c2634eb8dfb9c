import type { TableExportJob, TableExportResult } from './table-export-exporter';
import { parseTable, TableTooLargeError } from './table-export-html';
import { tableWorkbook } from './table-export-xlsx';
import { serveJobs } from './worker-pool';

/**
 * The table export worker thread (server/base/table-export-exporter.ts): reads the table, checks
 * the limits, builds the workbook. Emitted as dist/server/table-export-worker.mjs by
 * scripts/build-server.mjs.
 */
serveJobs<TableExportJob, TableExportResult>(async ({ html, title, sheetFallback }) => {
  let table;
  try {
    table = parseTable(html);
  } catch (error) {
    if (error instanceof TableTooLargeError) return { result: { kind: 'tooLarge' } };
    throw error;
  }
  if (!table || table.columns === 0) return { result: { kind: 'noTable' } };
  const workbook = await tableWorkbook(table, title, sheetFallback);
  // A copy with a buffer of its own, moved (not copied) to the request thread.
  const bytes = new Uint8Array(workbook.length);
  bytes.set(workbook);
  return { result: { kind: 'xlsx', bytes }, transfer: [bytes.buffer] };
});
