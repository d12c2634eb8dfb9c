import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { STORAGE_API } from '../../contract/api-paths';
import { bilingual, splitBilingual } from '../../contract/envelope';
import { HEADER_LANGUAGE, PARAM_LANGUAGE } from '../../contract/http-headers';
import { DEFAULT_LANGUAGE, isLangType, type LangType } from '../../contract/languages';
import { UPLOAD_CODES, UPLOAD_FIELDS as F } from '../../contract/upload';
import { TableExportBodySchema } from '../../contract/upload-schema';
import { requireAuth } from '../auth/authenticate';
import { fail } from '../http/envelope';
import type { ServicesPluginOptions } from '../services';
import { contentDisposition } from '../storage/content-disposition';
import { sanitizeFileName } from '../storage/file-names';
import { DEFAULT_UPLOAD_LIMITS } from '../storage/upload-limits';
import { parseTable } from './table-export-html';
import { tableWorkbook } from './table-export-xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The default title (and sheet name) when none is posted, in the caller's language. */
const DEFAULT_TITLE: Record<LangType, string> = { 'zh-CN': '表格', 'zh-HK': '表格', en: 'Table' };

export const NO_TABLE_MESSAGE = bilingual(
  '请指定需要下载的表格',
  'Please specify the table to download',
);

const QuerySchema = Type.Object(
  { [PARAM_LANGUAGE]: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: true },
);

/**
 * Spec §7 table export: POST /api/base/common/table2xls?Sy-Language=… with the form fields title
 * and data (a table's HTML) answers an .xlsx download of that table under its title. The
 * language (query parameter, else header) picks the default title and the error text.
 */
export const tableExportRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.post(
    STORAGE_API.tableExport,
    {
      schema: { body: TableExportBodySchema, querystring: QuerySchema },
      onRequest: requireAuth(services),
      bodyLimit: DEFAULT_UPLOAD_LIMITS.tableExportBodyBytes,
    },
    async (request, reply) => {
      const requested = request.query[PARAM_LANGUAGE] ?? request.headers[HEADER_LANGUAGE];
      const lang: LangType = isLangType(requested) ? requested : DEFAULT_LANGUAGE;
      const table = parseTable(request.body[F.data] ?? '');
      if (!table || table.columns === 0) {
        return reply
          .code(400)
          .send(fail(400, UPLOAD_CODES.noTable, splitBilingual(NO_TABLE_MESSAGE, lang)));
      }
      const title = (request.body[F.title] ?? '').trim() || DEFAULT_TITLE[lang];
      const workbook = await tableWorkbook(table, title, DEFAULT_TITLE[lang]);
      const fileName = `${sanitizeFileName(title).replace(/\.xlsx$/i, '')}.xlsx`;
      return reply
        .headers({
          'content-type': XLSX_TYPE,
          'content-disposition': contentDisposition('attachment', fileName),
          'content-length': String(workbook.length),
        })
        .send(workbook);
    },
  );
  return Promise.resolve();
};
