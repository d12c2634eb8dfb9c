import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_CODES } from '../../contract/upload';
import { MESSAGES } from '../http/messages';
import type { ContentStore } from './content-store';
import { StorageError, STORAGE_MESSAGES, payloadTooLarge } from './storage-errors';
import { streamToNewFile, type WriteOptions, type WrittenFile } from './stream-to-file';

/** The one file part of a multipart request, already on disk in a reserved temporary file. */
export interface ReceivedFile extends WrittenFile {
  temp: string;
  /** The name the client gave (not sanitised). */
  filename: string;
  fieldname: string;
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
}

/** Busboy's limits: one file, a few small fields; the file's own limit is checked while writing. */
export function multipartLimits(maxRequestBytes: number) {
  return {
    files: 1,
    fields: 32,
    parts: 40,
    fieldNameSize: 64,
    fieldSize: 8 * 1024,
    // One byte over the limit, so a file of exactly the limit passes and the writer (which
    // counts) is the one that refuses a larger one.
    fileSize: maxRequestBytes + 1,
  };
}

/**
 * Reads a multipart request part by part: text fields into a map (first value wins), the file
 * part streamed to a temporary file as it arrives (hashed, and flushed to disk since it is to be
 * kept), whatever the order of the parts. The caller owns the temporary file afterwards: commit
 * it or call `discardReceived`.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: ContentStore,
  maxBytes: number,
): Promise<ReceivedMultipart> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits(maxBytes) })) {
      if (part.type === 'file') {
        file = await receiveFile(store, part, { maxBytes, durable: true });
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = fieldValue(part);
      }
    }
  } catch (error) {
    if (file) await discardReceived(store, file);
    throw error;
  }
  return { fields, file };
}

/**
 * Reads a multipart request and hands its one file part to `consume` with the text fields. When
 * the fields `ready` asks for came before the file (as the platform's clients send them), the part
 * is consumed as it arrives, straight to its place; otherwise it is first streamed to a temporary
 * file and consumed from there once the whole request is read. Fields after the file are read
 * but not given to an early `consume`. 'Not find file' when there is no file part.
 */
export async function consumeMultipart<T>(
  request: FastifyRequest,
  store: ContentStore,
  maxBytes: number,
  ready: (fields: Record<string, string>) => boolean,
  consume: (fields: Record<string, string>, file: Readable, filename: string) => Promise<T>,
): Promise<T> {
  const fields: Record<string, string> = {};
  let consumed: { result: T } | undefined;
  let spooled: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits(maxBytes) })) {
      if (part.type !== 'file') {
        if (!(part.fieldname in fields)) fields[part.fieldname] = fieldValue(part);
      } else if (ready(fields)) {
        const filename = decodeFormDataFilename(part.filename);
        consumed = { result: await consume({ ...fields }, part.file, filename) };
        if (part.file.truncated) throw payloadTooLarge();
      } else {
        // Only passing through: not hashed, not flushed.
        spooled = await receiveFile(store, part, { maxBytes, hash: false });
      }
    }
    if (consumed) return consumed.result;
    if (!spooled) throw new StorageError(400, UPLOAD_CODES.noFile, STORAGE_MESSAGES.noFile);
    return await consume(fields, fs.createReadStream(spooled.temp), spooled.filename);
  } finally {
    if (spooled) await discardReceived(store, spooled);
  }
}

/** A text field's value; one cut off at busboy's limit is refused. */
function fieldValue(part: MultipartValue): string {
  if (part.valueTruncated) throw new StorageError(400, 'invalid_request', MESSAGES.invalidRequest);
  return typeof part.value === 'string' ? part.value : '';
}

/** Streams a file part to a new reserved temporary file. */
async function receiveFile(
  store: ContentStore,
  part: MultipartFile,
  options: WriteOptions,
): Promise<ReceivedFile> {
  const temp = store.reserveTemp();
  try {
    const written = await streamToNewFile(part.file, temp, options);
    if (part.file.truncated) throw payloadTooLarge();
    return {
      ...written,
      temp,
      filename: decodeFormDataFilename(part.filename),
      fieldname: part.fieldname,
    };
  } catch (error) {
    store.releaseTemp(temp);
    throw error;
  }
}

export async function discardReceived(store: ContentStore, file: ReceivedFile): Promise<void> {
  store.releaseTemp(file.temp);
  await fs.promises.rm(file.temp, { force: true }).catch(() => undefined);
}

/**
 * Browsers escape a file name's `"`, CR and LF as %22, %0D and %0A in multipart headers (HTML's
 * multipart/form-data encoding); busboy hands them over as they are, so they are undone here.
 */
export function decodeFormDataFilename(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_whole, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

export function requireFile(received: ReceivedMultipart): ReceivedFile {
  if (!received.file) throw new StorageError(400, UPLOAD_CODES.noFile, STORAGE_MESSAGES.noFile);
  return received.file;
}
