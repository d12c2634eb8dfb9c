import type { TFunction } from 'i18next';
import { STORAGE_API } from '../../../contract/api-paths';
import { TABLE_EXPORT_LOADING_MS, UPLOAD_FIELDS } from '../../../contract/upload';
import { notify } from '../notify/notify';
import { downloadByForm } from './download';

export interface TableExport {
  title?: string;
  /** The table element (or its HTML); its HTML is what the server turns into a spreadsheet. */
  table: HTMLElement | string | null | undefined;
  /** true while the export runs; cleared after 800 ms (spec §9). */
  onLoading?: (loading: boolean) => void;
}

/** Cells marked with this attribute (e.g. a column of buttons) are left out of the export. */
export const EXPORT_SKIP_ATTRIBUTE = 'data-export';

/**
 * The HTML of the table to export: the element itself, or the first table inside it, without
 * the cells marked data-export="skip".
 */
export function tableHtml(table: TableExport['table']): string | null {
  if (table === null || table === undefined) return null;
  if (typeof table === 'string') return /<table[\s>]/i.test(table) ? table : null;
  const element = table.tagName === 'TABLE' ? table : table.querySelector('table');
  if (!element) return null;
  const copy = element.cloneNode(true) as HTMLElement;
  for (const skipped of copy.querySelectorAll(`[${EXPORT_SKIP_ATTRIBUTE}="skip"]`)) {
    skipped.remove();
  }
  return copy.outerHTML;
}

/**
 * Spec §7 table export: a form POST to /api/base/common/table2xls?Sy-Language=… with the
 * title and the table's HTML. Without a table, the spec's warning and nothing is sent.
 */
export function exportTable(t: TFunction, { title = '', table, onLoading }: TableExport): boolean {
  const html = tableHtml(table);
  if (html === null) {
    notify.warning(t('upload.table.missing'));
    return false;
  }
  onLoading?.(true);
  downloadByForm({
    url: STORAGE_API.tableExport,
    method: 'POST',
    params: { [UPLOAD_FIELDS.title]: title, [UPLOAD_FIELDS.data]: html },
  });
  setTimeout(() => onLoading?.(false), TABLE_EXPORT_LOADING_MS);
  return true;
}
