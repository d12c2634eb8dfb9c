import { FACE_IMAGE_LIMITS } from '../../contract/face';

/**
 * The checks every face photo passes BEFORE any decoder sees it (docs/server.md, face calls):
 * base64 length, decoded size, magic bytes and the dimensions written in the header. Pure code,
 * no image library: a crafted header claiming 60000×60000 pixels (or a 4096×4096 PNG of 50 KB
 * that inflates to 48 MB) is refused here, never inflated nor allocated.
 */

export type FaceImageType = 'image/jpeg' | 'image/png';

export interface ImageHeader {
  type: FaceImageType;
  width: number;
  height: number;
}

/** Why a photo was refused (logged; the client gets one bilingual message for all). */
export type ImageProblem =
  | 'bad_base64'
  | 'too_large'
  | 'unsupported_type'
  | 'bad_header'
  | 'unsupported_jpeg'
  | 'unsupported_png'
  | 'bad_dimensions';

export type CheckedImage =
  { ok: true; bytes: Buffer; header: ImageHeader } | { ok: false; problem: ImageProblem };

export interface ImageLimits {
  maxBytes: number;
  minSide: number;
  maxSide: number;
}

/**
 * What the server accepts as a face photo. The widget sends its 480×480 capture (spec §9; a
 * picked file is redrawn to that size too), so a side of 1280 pixels (at most 1.6 megapixels,
 * 6.5 MB once decoded) leaves room for other clients and camera frames while the largest photo
 * decodes in tens of milliseconds. The client's own check of picked files (4096, contract) is
 * made before it redraws them.
 */
export const FACE_PHOTO_LIMITS: ImageLimits = {
  maxBytes: FACE_IMAGE_LIMITS.maxBytes,
  minSide: FACE_IMAGE_LIMITS.minSide,
  maxSide: 1280,
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The number of bytes a standard base64 text decodes to, or undefined when its length or
 * padding cannot be base64 (the character set is checked by the schema and again here).
 */
export function base64DecodedLength(text: string): number | undefined {
  if (!BASE64.test(text)) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  // Padded text comes in whole quads; unpadded text may end in 2 or 3 characters, never 1.
  if (padding > 0 ? text.length % 4 !== 0 : text.length % 4 === 1) return undefined;
  return Math.floor(((text.length - padding) * 3) / 4);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, i) => bytes[i] === value);
}

function uint16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

/** Big-endian unsigned 32-bit integer (PNG). */
function pngUint32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at] ?? 0) * 0x1000000 +
    ((bytes[at + 1] ?? 0) << 16) +
    ((bytes[at + 2] ?? 0) << 8) +
    (bytes[at + 3] ?? 0)
  );
}

export type SizeResult =
  { width: number; height: number } | 'bad_header' | 'unsupported_jpeg' | 'unsupported_png';

/**
 * Width and height of a PNG from its IHDR chunk, which must be the first chunk (PNG spec
 * §5.6): signature, length 13, 'IHDR', width, height, bit depth, colour type, compression,
 * filter, interlace. Interlaced (Adam7) pictures are refused: the decoder inflates them without
 * the bound the header sets for the others (a 2 MB file could inflate to gigabytes), and no
 * camera or canvas writes them.
 */
export function readPngSize(bytes: Uint8Array): SizeResult {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 8 + 8 + 13) return 'bad_header';
  const length = pngUint32(bytes, 8);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (length !== 13 || type !== 'IHDR') return 'bad_header';
  if (bytes[28] !== 0) return 'unsupported_png';
  return { width: pngUint32(bytes, 16), height: pngUint32(bytes, 20) };
}

/** Start-of-frame markers the decoder (jpeg-js) supports: baseline, extended, progressive. */
const SUPPORTED_SOF = new Set([0xc0, 0xc1, 0xc2]);
/** Other SOFn markers: lossless, hierarchical or arithmetic-coded frames. */
const OTHER_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * Width and height of a JPEG from its start-of-frame segment: walks the marker segments after
 * SOI (each FF xx plus a 16-bit length) until an SOFn, never reading past the end. Entropy-coded
 * data (after SOS) before any SOF, or a frame with a height defined later (DNL), is refused.
 */
export function readJpegSize(bytes: Uint8Array): SizeResult {
  if (!(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)) return 'bad_header';
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return 'bad_header';
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at] === 0xff) at += 1;
    const marker = bytes[at];
    at += 1;
    if (marker === undefined) return 'bad_header';
    // Standalone markers carry no length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // SOI again, EOI or SOS before a frame header: not a usable image.
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) {
      return 'bad_header';
    }
    if (at + 2 > bytes.length) return 'bad_header';
    const length = uint16(bytes, at);
    if (length < 2 || at + length > bytes.length) return 'bad_header';
    if (SUPPORTED_SOF.has(marker) || OTHER_SOF.has(marker)) {
      // length, precision (1), height (2), width (2), components (1)
      if (length < 8) return 'bad_header';
      if (!SUPPORTED_SOF.has(marker)) return 'unsupported_jpeg';
      return { height: uint16(bytes, at + 3), width: uint16(bytes, at + 5) };
    }
    at += length;
  }
  return 'bad_header';
}

/** The type (by magic bytes) and size (from the header) of an image, or why it has none. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | ImageProblem {
  let type: FaceImageType;
  let size: SizeResult;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    type = 'image/jpeg';
    size = readJpegSize(bytes);
  } else if (startsWith(bytes, PNG_SIGNATURE)) {
    type = 'image/png';
    size = readPngSize(bytes);
  } else {
    return 'unsupported_type';
  }
  if (typeof size === 'string') return size;
  return { type, ...size };
}

/**
 * Checks a face photo given as base64 (no data: prefix) and decodes the base64 only when its
 * decoded size is within the limit; the header must say JPEG or PNG with both sides within
 * minSide..maxSide.
 */
export function checkFaceImage(
  base64: string,
  limits: ImageLimits = FACE_PHOTO_LIMITS,
): CheckedImage {
  const size = base64DecodedLength(base64);
  if (size === undefined) return { ok: false, problem: 'bad_base64' };
  if (size > limits.maxBytes) return { ok: false, problem: 'too_large' };
  const bytes = Buffer.from(base64, 'base64');
  const header = readImageHeader(bytes);
  if (typeof header === 'string') return { ok: false, problem: header };
  const sideOk = (side: number) => side >= limits.minSide && side <= limits.maxSide;
  if (!sideOk(header.width) || !sideOk(header.height)) {
    return { ok: false, problem: 'bad_dimensions' };
  }
  return { ok: true, bytes, header };
}
