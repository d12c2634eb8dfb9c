import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STORAGE_API } from '../../contract/api-paths';
import { bilingual, splitBilingual } from '../../contract/envelope';
import { HEADER_LANGUAGE, PARAM_LANGUAGE } from '../../contract/http-headers';
import { TableExportQuerySchema } from '../../contract/route-schemas';
import { DEFAULT_LANGUAGE, isLangType, type LangType } from '../../contract/languages';
import { UPLOAD_CODES, UPLOAD_FIELDS as F } from '../../contract/upload';
import { TableExportBodySchema } from '../../contract/upload-schema';
import { requireAuth } from '../auth/authenticate';
import { fail } from '../http/envelope';
import type { ServicesPluginOptions } from '../services';
import { contentDisposition } from '../storage/content-disposition';
import { sanitizeFileName } from '../storage/file-names';
import { DEFAULT_UPLOAD_LIMITS } from '../storage/upload-limits';
import { createTableExporter, type TableExporter } from './table-export-exporter';
import { TABLE_EXPORT_CODES, TABLE_EXPORT_MESSAGES } from './table-export-messages';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The default title (and sheet name) when none is posted, in the caller's language. */
const DEFAULT_TITLE: Record<LangType, string> = { 'zh-CN': '表格', 'zh-HK': '表格', en: 'Table' };

export const NO_TABLE_MESSAGE = bilingual(
  '请指定需要下载的表格',
  'Please specify the table to download',
);

/** Seconds a client is told to wait when every export worker is busy. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface TableExportRoutesOptions extends ServicesPluginOptions {
  /** Where exports are built; by default worker threads of this app, ended when it closes. */
  tableExporter?: TableExporter;
}

/**
 * Spec §7 table export: POST /api/base/common/table2xls?Sy-Language=… with the form fields title
 * and data (a table's HTML) answers an .xlsx download of that table under its title. The
 * language (query parameter, else header) picks the default title and the error text. The table
 * is read and the workbook built in a worker thread (table-export-exporter.ts), within the
 * limits of TABLE_LIMITS: a larger table is refused (400 table_too_large) before anything is
 * built; a full queue answers 503 table_export_busy.
 */
export const tableExportRoutes: FastifyPluginAsyncTypebox<TableExportRoutesOptions> = (
  app,
  { services, tableExporter },
) => {
  const exporter = tableExporter ?? createTableExporter();
  if (!tableExporter) {
    app.addHook('onClose', async () => {
      await exporter.close();
    });
  }

  app.post(
    STORAGE_API.tableExport,
    {
      schema: { body: TableExportBodySchema, querystring: TableExportQuerySchema },
      onRequest: requireAuth(services),
      bodyLimit: DEFAULT_UPLOAD_LIMITS.tableExportBodyBytes,
    },
    async (request, reply) => {
      const requested = request.query[PARAM_LANGUAGE] ?? request.headers[HEADER_LANGUAGE];
      const lang: LangType = isLangType(requested) ? requested : DEFAULT_LANGUAGE;
      const title = (request.body[F.title] ?? '').trim() || DEFAULT_TITLE[lang];
      const outcome = await exporter.export({
        html: request.body[F.data] ?? '',
        title,
        sheetFallback: DEFAULT_TITLE[lang],
      });
      switch (outcome.kind) {
        case 'noTable':
          return reply
            .code(400)
            .send(fail(400, UPLOAD_CODES.noTable, splitBilingual(NO_TABLE_MESSAGE, lang)));
        case 'tooLarge':
          return reply
            .code(400)
            .send(
              fail(
                400,
                TABLE_EXPORT_CODES.tooLarge,
                splitBilingual(TABLE_EXPORT_MESSAGES.tooLarge, lang),
              ),
            );
        case 'busy':
          return reply
            .code(503)
            .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
            .send(
              fail(503, TABLE_EXPORT_CODES.busy, splitBilingual(TABLE_EXPORT_MESSAGES.busy, lang)),
            );
        case 'failed':
          request.log.warn({ err: outcome.error }, 'table export failed');
          return reply
            .code(503)
            .send(
              fail(
                503,
                TABLE_EXPORT_CODES.failed,
                splitBilingual(TABLE_EXPORT_MESSAGES.failed, lang),
              ),
            );
        case 'xlsx': {
          const fileName = `${sanitizeFileName(title).replace(/\.xlsx$/i, '')}.xlsx`;
          return reply
            .headers({
              'content-type': XLSX_TYPE,
              'content-disposition': contentDisposition('attachment', fileName),
              'content-length': String(outcome.bytes.length),
            })
            .send(outcome.bytes);
        }
      }
    },
  );
  return Promise.resolve();
};
