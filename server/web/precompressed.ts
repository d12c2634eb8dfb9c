import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PRECOMPRESSED_ENCODINGS,
  PRECOMPRESSED_TYPES,
  type PrecompressedEncoding,
} from '../../contract/web-build';

const Q_VALUE = /^q=([01](?:\.\d{0,3})?)$/;

/**
 * The compressed copies an Accept-Encoding header allows, best first (RFC 9110 §12.5.3): by
 * the client's q-value, then by the server's preference (Brotli before gzip). A coding with q=0
 * is refused; `*` stands for every coding the header does not name.
 */
export function acceptedEncodings(header: string | undefined): PrecompressedEncoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const match = Q_VALUE.exec(param.replace(/\s+/g, ''));
      if (match) q = Number(match[1]);
    }
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  const any = weights.get('*');
  return PRECOMPRESSED_ENCODINGS.map(({ encoding }, order) => ({
    encoding,
    order,
    q: weights.get(encoding) ?? any ?? 0,
  }))
    .filter((candidate) => candidate.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((candidate) => candidate.encoding);
}

/** The media type a build file is sent as, when the build may hold compressed copies of it. */
export function precompressedType(file: string): string | undefined {
  const ext = path.extname(file);
  return Object.hasOwn(PRECOMPRESSED_TYPES, ext) ? PRECOMPRESSED_TYPES[ext] : undefined;
}

export interface CompressedCopy {
  /** The copy's path relative to the web root. */
  file: string;
  encoding: PrecompressedEncoding;
}

/**
 * The best compressed copy of `file` (relative to `root`) the client accepts, when the build
 * holds one that is not older than the file itself: a file changed after the build (or a build
 * without copies) goes out uncompressed rather than stale.
 */
export async function compressedCopy(
  root: string,
  file: string,
  acceptEncoding: string | undefined,
): Promise<CompressedCopy | undefined> {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.length === 0) return undefined;
  let original: number;
  try {
    original = (await fs.stat(path.join(root, file))).mtimeMs;
  } catch {
    return undefined;
  }
  for (const encoding of accepted) {
    const suffix = PRECOMPRESSED_ENCODINGS.find((e) => e.encoding === encoding)?.suffix ?? '';
    try {
      const copy = await fs.lstat(path.join(root, file + suffix));
      if (copy.isFile() && copy.mtimeMs >= original) return { file: file + suffix, encoding };
    } catch {
      // No copy in this coding: try the next.
    }
  }
  return undefined;
}
