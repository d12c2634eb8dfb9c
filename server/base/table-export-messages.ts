import { bilingual } from '../../contract/envelope';
import { TABLE_LIMITS } from './table-export-html';

/**
 * The table export's answers other than the download (`中文|||English`; the route sends the part
 * of the request's Sy-Language, like its no-table message).
 */

export const TABLE_EXPORT_CODES = {
  /** Over TABLE_LIMITS.cells or TABLE_LIMITS.merges (HTTP 400). */
  tooLarge: 'table_too_large',
  /** Every export worker is busy and the queue is full (HTTP 503, retry-after). */
  busy: 'table_export_busy',
  /** The export ran over its time limit or its worker failed (HTTP 503). */
  failed: 'table_export_failed',
} as const;

const CELLS = TABLE_LIMITS.cells.toLocaleString('en-US');
const MERGES = TABLE_LIMITS.merges.toLocaleString('en-US');

export const TABLE_EXPORT_MESSAGES = {
  tooLarge: bilingual(
    `表格过大，无法导出：单元格（行数 × 列数，含合并的单元格）不能超过 ${CELLS} 个，合并区域不能超过 ${MERGES} 个，请分批导出`,
    `The table is too large to export: at most ${CELLS} cells (rows × columns, merged cells included) and ${MERGES} merged areas. Please export it in parts`,
  ),
  busy: bilingual(
    '导出任务较多，服务器繁忙，请稍后重试',
    'The server is busy with other exports. Please try again in a moment',
  ),
  failed: bilingual(
    '表格导出超时或失败，请稍后重试或分批导出',
    'The table export took too long or failed. Please try again later or export the table in parts',
  ),
} as const;
