import { Type, type Static } from '@sinclair/typebox';
import { PARAM_LANGUAGE } from './http-headers';
import { UPLOAD_FIELDS as F } from './upload';

/**
 * The TypeBox schemas of the storage and export calls (spec §7), kept apart from contract/upload.ts
 * so the web build does not carry the schema library. Form posts carry text, so numbers are
 * decimal strings (a JSON body may send numbers).
 */

const Md5 = Type.String({ pattern: '^[0-9a-fA-F]{32}$' });
/** A non-negative integer, as the decimal text a form sends or as a JSON number. */
const Count = Type.Union([
  Type.String({ pattern: '^[0-9]{1,16}$' }),
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
]);
const Name = Type.String({ minLength: 1, maxLength: 1024 });
const Uid = Type.String({ maxLength: 64 });
const ServerId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });

/** POST second_upload_check: md5, name and the caller's extra data. */
export const SecondUploadCheckBodySchema = Type.Object(
  {
    [F.md5]: Md5,
    [F.name]: Name,
    [F.size]: Type.Optional(Count),
    [F.serverId]: Type.Optional(ServerId),
    [F.uid]: Type.Optional(Uid),
  },
  // The caller's extra data travels beside them (spec §7): short texts, a bounded number.
  { additionalProperties: Type.String({ maxLength: 1024 }), maxProperties: 64 },
);
export type SecondUploadCheckBody = Static<typeof SecondUploadCheckBodySchema>;

/** POST block_upload_check: md5, size, chunks, name, uid and chunk (1-based). */
export const BlockUploadCheckBodySchema = Type.Object(
  {
    [F.md5]: Md5,
    [F.size]: Count,
    [F.chunks]: Count,
    [F.name]: Type.Optional(Name),
    [F.uid]: Type.Optional(Uid),
    [F.chunk]: Count,
  },
  { additionalProperties: false },
);
export type BlockUploadCheckBody = Static<typeof BlockUploadCheckBodySchema>;

/** POST merge_file: md5, name, size and chunks. */
export const MergeFileBodySchema = Type.Object(
  {
    [F.md5]: Md5,
    [F.name]: Name,
    [F.size]: Count,
    [F.chunks]: Count,
    [F.serverId]: Type.Optional(ServerId),
    [F.uid]: Type.Optional(Uid),
  },
  { additionalProperties: false },
);
export type MergeFileBody = Static<typeof MergeFileBodySchema>;

/** The text fields of the multipart single upload (the file travels beside them). */
export const UploadFieldsSchema = Type.Object(
  {
    [F.uid]: Type.Optional(Uid),
    [F.md5]: Type.Optional(Md5),
    [F.serverId]: Type.Optional(ServerId),
    [F.fileUpload]: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true },
);
export type UploadFields = Static<typeof UploadFieldsSchema>;

/** The text fields of a multipart chunk. */
export const ChunkFieldsSchema = Type.Object(
  {
    [F.chunked]: Type.Optional(Type.String({ maxLength: 8 })),
    [F.chunk]: Count,
    [F.chunks]: Count,
    [F.eachSize]: Count,
    [F.md5]: Md5,
    [F.fileName]: Type.Optional(Name),
    [F.name]: Type.Optional(Name),
    [F.fullSize]: Count,
    [F.uid]: Type.Optional(Uid),
    [F.size]: Type.Optional(Count),
  },
  { additionalProperties: true },
);
export type ChunkFields = Static<typeof ChunkFieldsSchema>;

/** POST upload/base64_convert_image: serverid, fileName (no extension), base64Str, type. */
export const Base64UploadBodySchema = Type.Object(
  {
    [F.serverId]: Type.Optional(ServerId),
    [F.fileName]: Name,
    [F.base64]: Type.String({ minLength: 1 }),
    [F.type]: Type.String({ pattern: '^\\.?[A-Za-z0-9]{1,10}$' }),
  },
  { additionalProperties: false },
);
export type Base64UploadBody = Static<typeof Base64UploadBodySchema>;

/**
 * GET or POST download (spec §7: "a form GET or POST with a Sy-Language parameter"): the stored
 * file's id; inline=1 shows media in the page.
 */
const downloadFields = {
  [F.id]: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  [F.inline]: Type.Optional(Type.String({ maxLength: 8 })),
  [PARAM_LANGUAGE]: Type.Optional(Type.String({ maxLength: 16 })),
};
/** The POST form's body: closed, like every body. */
export const DownloadParamsSchema = Type.Object(downloadFields, { additionalProperties: false });
/** The GET form's query: other keys (a cache-busting timestamp) pass, as on every query. */
export const DownloadQuerySchema = Type.Object(downloadFields, { additionalProperties: true });
export type DownloadParams = Static<typeof DownloadParamsSchema>;

/** POST table2xls: the title and the table's HTML (spec §7 table export). */
export const TableExportBodySchema = Type.Object(
  {
    [F.title]: Type.Optional(Type.String({ maxLength: 200 })),
    [F.data]: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type TableExportBody = Static<typeof TableExportBodySchema>;
