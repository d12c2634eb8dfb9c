import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { STORAGE_API } from '../../contract/api-paths';

/** Test helpers for the storage calls: multipart bodies built by the platform's own FormData. */

export function md5Of(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

/** Deterministic pseudo-random bytes (a test can rebuild the same content). */
export function bytes(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[index] = state >>> 24;
  }
  return out;
}

export interface FilePart {
  name: string;
  data: Buffer;
  field?: string;
}

export async function multipart(
  fields: Record<string, string>,
  file?: FilePart,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** The Host header of a request: the unit's host (`area.localhost`), or inject's default. */
function hostHeader(host: string | undefined): Record<string, string> {
  return host === undefined ? {} : { host };
}

/** A form post; `host` is the unit's host for a user of another unit than the default one. */
export function formPost(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookie: string,
  host?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...hostHeader(host) },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function postMultipart(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  file: FilePart | undefined,
  cookie: string,
  host?: string,
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, cookie, ...hostHeader(host) },
    payload: body.payload,
  });
}

export interface ChunkArgs {
  data: Buffer;
  md5: string;
  chunk: number;
  eachSize: number;
  name?: string;
  chunks?: number;
  override?: Buffer;
  /** The unit's host (see `formPost`). */
  host?: string;
}

/** Posts chunk `chunk` (1-based) of `data` the way the client does. */
export function postChunk(
  app: FastifyInstance,
  cookie: string,
  args: ChunkArgs,
): Promise<LightMyRequestResponse> {
  const { data, md5, chunk, eachSize } = args;
  const chunks = args.chunks ?? Math.ceil(data.length / eachSize);
  const part = args.override ?? data.subarray((chunk - 1) * eachSize, chunk * eachSize);
  const name = args.name ?? 'video.mp4';
  return postMultipart(
    app,
    STORAGE_API.chunkUpload,
    {
      chunked: 'true',
      chunk: String(chunk),
      chunks: String(chunks),
      eachSize: String(eachSize),
      md5,
      fileName: name,
      name,
      fullSize: String(data.length),
      uid: 'u1',
      size: String(part.length),
    },
    { name: 'blob', data: part },
    cookie,
    args.host,
  );
}

/** Every file under a folder, relative paths (to prove what the server wrote, and where). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      found.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
    }
  }
  return found.sort();
}
