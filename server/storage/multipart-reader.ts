import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_CODES } from '../../contract/upload';
import { MESSAGES } from '../http/messages';
import type { ContentStore } from './content-store';
import {
  StorageError,
  STORAGE_MESSAGES,
  malformedMultipart,
  payloadTooLarge,
} from './storage-errors';
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

// RFC 2046 §5.1.1: bcharsnospace, and spaces inside.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The boundary of a `multipart/form-data` content type (RFC 2046: 1 to 70 characters, no
 * quotes or backslashes, not ending in a space; as a token or a quoted string), or undefined when
 * there is none or it cannot be one.
 */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const params = /^\s*multipart\/form-data\s*(;.*)?$/is.exec(contentType ?? '')?.[1] ?? '';
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]*))\s*/gy;
  for (let match = param.exec(params); match; match = param.exec(params)) {
    if (match[1]?.toLowerCase() !== 'boundary') continue;
    const value = match[2] === undefined ? (match[3] ?? '') : match[2].replace(/\\(.)/gs, '$1');
    return BOUNDARY.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Watches a multipart body go by for its close delimiter (CRLF "--" boundary "--", RFC 2046).
 * It matches exactly where busboy ends a body: the boundary holds no CR or LF, so no other
 * occurrence of it can be part data, and the body's first delimiter is read after a CRLF, as
 * busboy reads it.
 */
class CloseDelimiterWatch {
  closed = false;
  private readonly delimiter: Buffer;
  /** The end of what went by, as long as the delimiter less one byte. */
  private tail = Buffer.from('\r\n');

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}--`, 'latin1');
  }

  readonly see = (chunk: Buffer): void => {
    if (this.closed) return;
    const keep = this.delimiter.length - 1;
    const seam = Buffer.concat([this.tail, chunk.subarray(0, keep)]);
    if (seam.includes(this.delimiter) || chunk.includes(this.delimiter)) {
      this.closed = true;
      return;
    }
    const end = chunk.length >= keep ? chunk.subarray(chunk.length - keep) : seam;
    // A copy: a slice would keep the whole chunk alive.
    this.tail = Buffer.from(end.subarray(Math.max(0, end.length - keep)));
  };
}

/** The errors busboy reports for a body it cannot frame (its only means to tell them apart). */
const FRAMING_ERROR =
  /terminated early due to unexpected end of multipart data|^Unexpected end of multipart data$|^Multipart: Boundary not found$/;

/** A multipart body being read: its parts, and the answer to any failure while reading it. */
interface FormBody {
  parts: AsyncIterable<Multipart>;
  /**
   * The error to answer for `error`, thrown while the body was read: the server's own words
   * (StorageErrors) and the multipart plugin's refusals (limits) stand; a body that arrived whole
   * without its close delimiter, or that busboy could not frame, is malformed whatever way the
   * cut surfaced (a part "terminated early", a part stream destroyed under its reader). A client
   * gone mid-body stays what it is (the body never ended).
   */
  explain: (error: unknown) => unknown;
}

/**
 * Opens a request's multipart body, framing checked as it is read. Refused at once: a content
 * type that is not multipart/form-data (415), one without a usable boundary (400). Then each
 * part must have a name, and the body must end with its close delimiter: busboy ends the parts
 * quietly on a body cut between parts, so a body cut short would otherwise pass for a whole one
 * with fewer parts.
 */
function openForm(request: FastifyRequest, maxBytes: number): FormBody {
  if (!request.isMultipart()) {
    throw new StorageError(415, 'unsupported_media_type', MESSAGES.unsupportedMediaType);
  }
  const boundary = multipartBoundary(request.headers['content-type']);
  if (boundary === undefined) throw malformedMultipart();
  const watch = new CloseDelimiterWatch(boundary);
  const options = {
    limits: multipartLimits(maxBytes),
    // busboy reads the very boundary checked here and watched for (the plugin's types leave the
    // headers out, but merge them into busboy's options).
    headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
  } as Parameters<FastifyRequest['parts']>[0];

  async function* parts(): AsyncGenerator<Multipart> {
    const iterator = request.parts(options)[Symbol.asyncIterator]();
    // The first step pipes the request into busboy, synchronously; the watch starts in the same
    // tick, before any byte flows, so it sees what busboy sees.
    const first = iterator.next();
    request.raw.on('data', watch.see);
    try {
      for (let step = await first; step.done !== true; step = await iterator.next()) {
        const part = step.value;
        const name: unknown = part.fieldname;
        // RFC 7578 §4.2: every part is named. busboy hands a nameless one over as undefined.
        if (typeof name !== 'string' || name === '') throw malformedMultipart();
        yield part;
      }
      if (!watch.closed) throw malformedMultipart();
    } finally {
      request.raw.off('data', watch.see);
    }
  }

  return {
    parts: parts(),
    explain: (error) => {
      if (error instanceof StorageError) return error;
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && code.startsWith('FST_')) return error;
      if (request.raw.readableEnded && !watch.closed) return malformedMultipart();
      if (error instanceof Error && FRAMING_ERROR.test(error.message)) return malformedMultipart();
      return error;
    },
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
  const form = openForm(request, maxBytes);
  try {
    for await (const part of form.parts) {
      if (part.type === 'file') {
        file = await receiveFile(store, part, { maxBytes, durable: true });
      } else if (!Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = fieldValue(part);
      }
    }
  } catch (error) {
    if (file) await discardReceived(store, file);
    throw form.explain(error);
  }
  return { fields, file };
}

/**
 * What `consume` took from a request's file part, settled once the rest of the request is read:
 * `keep` when it was read whole (its answer is the request's), `drop` when the request broke
 * after the part (it is refused, and what was taken must not count).
 */
export interface TakenPart<T> {
  keep: () => Promise<T>;
  drop: () => Promise<void>;
}

/**
 * Reads a multipart request and hands its one file part to `consume` with the text fields. When
 * the fields `ready` asks for came before the file (as the platform's clients send them), the part
 * is consumed as it arrives, straight to its place, and kept once the rest of the request is read
 * well-formed; otherwise it is first streamed to a temporary file and consumed from there once
 * the whole request is read. Fields after the file are read but not given to an early `consume`.
 * 'Not find file' when there is no file part.
 */
export async function consumeMultipart<T>(
  request: FastifyRequest,
  store: ContentStore,
  maxBytes: number,
  ready: (fields: Record<string, string>) => boolean,
  consume: (
    fields: Record<string, string>,
    file: Readable,
    filename: string,
  ) => Promise<TakenPart<T>>,
): Promise<T> {
  const fields: Record<string, string> = {};
  let taken: TakenPart<T> | undefined;
  let spooled: ReceivedFile | undefined;
  const form = openForm(request, maxBytes);
  try {
    for await (const part of form.parts) {
      if (part.type !== 'file') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = fieldValue(part);
      } else if (ready(fields)) {
        const filename = decodeFormDataFilename(part.filename);
        taken = await consume({ ...fields }, part.file, filename);
        if (part.file.truncated) throw payloadTooLarge();
      } else {
        // Only passing through: not hashed, not flushed.
        spooled = await receiveFile(store, part, { maxBytes, hash: false });
      }
    }
  } catch (error) {
    if (taken) await taken.drop();
    if (spooled) await discardReceived(store, spooled);
    throw form.explain(error);
  }
  let source: fs.ReadStream | undefined;
  try {
    if (taken) return await taken.keep();
    if (!spooled) throw new StorageError(400, UPLOAD_CODES.noFile, STORAGE_MESSAGES.noFile);
    source = fs.createReadStream(spooled.temp);
    // `consume` may refuse the fields before reading a byte: the stream is closed below rather
    // than left holding the file open, and an error of its opening once the file is removed is
    // nobody's (a stream error without a listener would end the process).
    source.on('error', () => undefined);
    const late = await consume(fields, source, spooled.filename);
    return await late.keep();
  } finally {
    source?.destroy();
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
