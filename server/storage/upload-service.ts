import fs from 'node:fs';
import { Readable } from 'node:stream';
import { STORAGE_API } from '../../contract/api-paths';
import {
  DEFAULT_SERVER_ID,
  IMAGE_EXTENSIONS,
  UPLOAD_CODES,
  UPLOAD_FIELDS,
  chunkCount,
  chunkLength,
  fileExtension,
  type ChunkAcceptedData,
  type UploadedFileInfo,
} from '../../contract/upload';
import { filesDirOf } from '../config';
import type { Services } from '../services';
import { ChunkStore, type ChunkedFile, type CutFile } from './chunk-store';
import { ContentStore } from './content-store';
import { contentTypeOf } from './content-types';
import { FileRecordRepository, PartialUploadRepository, type FileRecord } from './file-records';
import { isForbiddenFileName, sanitizeFileName } from './file-names';
import {
  discardReceived,
  requireFile,
  type ReceivedFile,
  type ReceivedMultipart,
  type TakenPart,
} from './multipart-reader';
import {
  StorageError,
  STORAGE_MESSAGES,
  chunkSizeMismatch,
  chunkTooLarge,
  payloadTooLarge,
  writeFailure,
} from './storage-errors';
import { streamToNewFile } from './stream-to-file';
import type { UploadLimits } from './upload-limits';

/** Who uploads: the signed-in user and their unit. */
export interface Uploader {
  userId: number;
  unitId: number;
}

/** The optional descriptive fields a call may carry. */
export interface UploadExtras {
  serverid?: string | undefined;
  uid?: string | undefined;
}

const MAX_LISTED_FILES = 200;

/** A count from a form field (decimal text) or a JSON number. */
export function toCount(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

function forbidden(name: string): StorageError {
  return new StorageError(
    400,
    UPLOAD_CODES.forbiddenExtension,
    STORAGE_MESSAGES.forbiddenExtension(fileExtension(name)),
  );
}

/** The sanitised name of an upload, refused when its extension is forbidden (spec §5). */
export function acceptedName(raw: string): string {
  const name = sanitizeFileName(raw);
  if (isForbiddenFileName(name)) throw forbidden(name);
  return name;
}

function abnormalCount(): StorageError {
  return new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.chunkCountAbnormal);
}

/**
 * The storage service: instant upload (within the caller's unit; content is stored once per MD5),
 * single uploads, chunked uploads (check, chunk, merge), base64 images, and the user's records.
 */
export class UploadService {
  readonly content: ContentStore;
  readonly chunks: ChunkStore;
  readonly records: FileRecordRepository;
  private readonly now: () => number;
  private lastCleanup = Number.NEGATIVE_INFINITY;

  constructor(
    services: Services,
    readonly limits: UploadLimits,
  ) {
    this.now = services.now;
    this.content = new ContentStore(filesDirOf(services.options));
    this.records = new FileRecordRepository(services.sql);
    this.chunks = new ChunkStore(
      this.content,
      new PartialUploadRepository(services.sql),
      this.now,
      (file) => this.unitHolds(file.unitId, file.md5, file.size),
    );
  }

  init(): void {
    this.content.init();
  }

  describe(record: FileRecord): UploadedFileInfo {
    return {
      id: record.id,
      fileName: record.fileName,
      ext: record.ext,
      md5: record.md5,
      size: record.size,
      contentType: contentTypeOf(record.ext),
      url: `${STORAGE_API.download}?${UPLOAD_FIELDS.id}=${record.id}`,
      serverid: record.serverId,
      uid: record.uid,
      createTime: record.createdAt,
    };
  }

  private async record(
    who: Uploader,
    file: { md5: string; size: number; name: string },
    extras: UploadExtras,
  ): Promise<UploadedFileInfo> {
    const stored = await this.records.insert({
      md5: file.md5,
      fileName: file.name,
      ext: fileExtension(file.name),
      size: file.size,
      userId: who.userId,
      unitId: who.unitId,
      serverId: extras.serverid ?? DEFAULT_SERVER_ID,
      uid: extras.uid ?? '',
      createdAt: this.now(),
    });
    return this.describe(stored);
  }

  /**
   * The size of the content `md5` when the unit holds it (a file of the unit has it, and it is
   * stored), else undefined. The one rule of instant upload, chunk checks and merges: content is
   * found only within the unit that uploaded it (docs/upload.md), so knowing an MD5 never reads
   * another unit's file. The bytes themselves are stored once whatever the unit: that is not
   * visible.
   */
  private async unitContentSize(unitId: number, md5: string): Promise<number | undefined> {
    const size = await this.records.unitContentSize(unitId, md5);
    if (size === undefined) return undefined;
    return (await this.content.storedSize(md5)) === size ? size : undefined;
  }

  private async unitHolds(unitId: number, md5: string, size: number): Promise<boolean> {
    return (await this.unitContentSize(unitId, md5)) === size;
  }

  /**
   * Spec §7 second_upload_check: when the caller's unit already holds the content, the user gets
   * a record of it under the given name at once (instant upload); otherwise null, whether the
   * content is unknown or only another unit's. A declared size that differs from the stored one
   * is taken as different content.
   */
  async instantUpload(
    who: Uploader,
    request: { md5: string; name: string; size?: number | undefined } & UploadExtras,
  ): Promise<UploadedFileInfo | null> {
    const name = acceptedName(request.name);
    const md5 = request.md5.toLowerCase();
    const size = await this.unitContentSize(who.unitId, md5);
    if (size === undefined || (request.size !== undefined && request.size !== size)) return null;
    return this.record(who, { md5, size, name }, request);
  }

  /** Spec §7 upload: one multipart request carries the whole file. */
  async storeSingle(who: Uploader, received: ReceivedMultipart): Promise<UploadedFileInfo> {
    const file = requireFile(received);
    try {
      const fields = received.fields;
      const name = acceptedName(fields[UPLOAD_FIELDS.name] ?? file.filename);
      const declared = fields[UPLOAD_FIELDS.md5]?.toLowerCase();
      if (declared !== undefined && declared !== '' && declared !== file.md5) {
        throw new StorageError(400, UPLOAD_CODES.md5Mismatch, STORAGE_MESSAGES.md5Mismatch);
      }
      await this.keep(file.temp, file.md5);
      return await this.record(
        who,
        { md5: file.md5, size: file.bytes, name },
        { serverid: fields[UPLOAD_FIELDS.serverId], uid: fields[UPLOAD_FIELDS.uid] },
      );
    } finally {
      await discardReceived(this.content, file);
    }
  }

  /** Moves a verified temporary file into the content store, unless that content is there. */
  private async keep(temp: string, md5: string): Promise<void> {
    if ((await this.content.storedSize(md5)) !== undefined) return;
    try {
      await this.content.commit(temp, md5);
    } catch (error) {
      throw writeFailure(error);
    }
  }

  /**
   * The caller's chunked upload of a file, its figures validated: an abnormal count or size
   * answers chunkmerge. The upload is the caller's unit's own (docs/upload.md).
   */
  chunkedFile(
    who: Uploader,
    md5: string,
    size: number,
    chunks: number,
    eachSize?: number,
  ): ChunkedFile {
    const { maxChunks, maxFileBytes, maxRequestBytes } = this.limits;
    if (size > maxFileBytes) throw payloadTooLarge();
    if (chunks < 1 || chunks > maxChunks) throw abnormalCount();
    if (eachSize !== undefined) {
      if (eachSize > maxRequestBytes) throw chunkTooLarge(maxRequestBytes);
      if (eachSize < 1) throw abnormalCount();
      if (chunks !== chunkCount(size, eachSize)) throw abnormalCount();
    } else if (chunks > size) {
      // Whatever the chunk size, no chunk is empty.
      throw abnormalCount();
    }
    return { unitId: who.unitId, md5: md5.toLowerCase(), size, chunks };
  }

  private checkRange(file: ChunkedFile, chunk: number): void {
    if (!Number.isSafeInteger(chunk) || chunk < 1 || chunk > file.chunks) {
      throw new StorageError(400, UPLOAD_CODES.chunkOutOfRange, STORAGE_MESSAGES.chunkOutOfRange);
    }
  }

  /**
   * Spec §7 block_upload_check: true when the chunk is whole in the unit's upload, or the unit
   * holds the whole file. Another unit's chunks and files are never reported.
   */
  async hasChunk(file: ChunkedFile, chunk: number): Promise<boolean> {
    this.checkRange(file, chunk);
    await this.cleanupIfDue();
    if (await this.chunks.hasChunk(file, chunk)) return true;
    return this.unitHolds(file.unitId, file.md5, file.size);
  }

  /**
   * Spec §7 file_piecewise/upload: one chunk, checked against the figures it declares and
   * written in place from `source` as it arrives. It counts once its request is read whole
   * (`keep`), never when the request is refused after its bytes (`drop`).
   */
  async storeChunk(
    file: CutFile,
    chunk: number,
    declared: { name: string; size?: number | undefined },
    source: Readable,
  ): Promise<TakenPart<ChunkAcceptedData>> {
    acceptedName(declared.name);
    this.checkRange(file, chunk);
    const expected = chunkLength(chunk, file.size, file.eachSize);
    if (declared.size !== undefined && declared.size !== expected) throw chunkSizeMismatch();
    const pending = await this.chunks.writeChunk(file, chunk, source);
    return {
      keep: async () => {
        await pending.keep();
        return { chunk, chunks: file.chunks };
      },
      drop: pending.drop,
    };
  }

  /**
   * Spec §7 merge_file: verifies the chunks the unit sent, joined in place, then records the
   * file. Two tabs may merge the same file at once: the second finds it held by the first.
   */
  async merge(
    who: Uploader,
    file: ChunkedFile,
    rawName: string,
    extras: UploadExtras,
  ): Promise<UploadedFileInfo> {
    const name = acceptedName(rawName);
    return this.chunks.merge(file, {
      keep: (verified) => this.keep(verified, file.md5),
      record: () => this.record(who, { md5: file.md5, size: file.size, name }, extras),
    });
  }

  /** Spec §7 upload/base64_convert_image: an image sent as base64 text. */
  async storeBase64(
    who: Uploader,
    request: { fileName: string; base64: string; type: string } & UploadExtras,
  ): Promise<UploadedFileInfo> {
    const ext = request.type.replace(/^\./, '').toLowerCase();
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      throw new StorageError(400, UPLOAD_CODES.notImage, STORAGE_MESSAGES.notImage);
    }
    const name = acceptedName(`${request.fileName}.${ext}`);
    const bytes = decodeBase64(request.base64);
    if (bytes.length > this.limits.maxRequestBytes) throw payloadTooLarge();
    const temp = this.content.reserveTemp();
    try {
      const written = await streamToNewFile(Readable.from([bytes]), temp, {
        maxBytes: this.limits.maxRequestBytes,
        durable: true,
      });
      await this.keep(temp, written.md5);
      return await this.record(who, { md5: written.md5, size: written.bytes, name }, request);
    } finally {
      this.content.releaseTemp(temp);
      await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    }
  }

  /** Removes the temporary file of a request that is refused before it is kept. */
  async discard(file: ReceivedFile): Promise<void> {
    await discardReceived(this.content, file);
  }

  async listMine(who: Uploader): Promise<UploadedFileInfo[]> {
    const records = await this.records.listByUser(who.userId, MAX_LISTED_FILES);
    return records.map((r) => this.describe(r));
  }

  /** Runs the clean-up of abandoned partial uploads when it is due (at most once an interval). */
  async cleanupIfDue(): Promise<void> {
    const now = this.now();
    if (now - this.lastCleanup < this.limits.cleanupIntervalMs) return;
    this.lastCleanup = now;
    await this.chunks.cleanup(now - this.limits.partialMaxAgeMs);
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (whitespace ignored, padding optional): anything else is invalid_base64. */
export function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !BASE64.test(compact) || compact.length % 4 === 1) {
    throw new StorageError(400, UPLOAD_CODES.invalidBase64, STORAGE_MESSAGES.invalidBase64);
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) {
    throw new StorageError(400, UPLOAD_CODES.invalidBase64, STORAGE_MESSAGES.invalidBase64);
  }
  return bytes;
}
