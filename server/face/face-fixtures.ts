import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode as decodeJpeg } from 'jpeg-js';
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/**
 * The face pictures of tests/fixtures (provenance in its README), for the face tests and the
 * face benchmark. Production code never reads them.
 */
export const FACE_FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../tests/fixtures',
);

export const FACE_FIXTURES = {
  /** Grace Hopper, 512×512 JPEG. */
  grace: 'grace_hopper_512.jpg',
  /** The same person scaled and padded: another crop and scale, 640×480 PNG. */
  graceCentered: 'grace_hopper_centered_640x480.png',
  /** Another person (Eileen Collins), 512×512 PNG. */
  astronaut: 'astronaut.png',
  /** No face. */
  coffee: 'nonface_coffee_640x480.png',
  /** No face, but a weak false detection (score 0.38, 48 px). */
  rocket: 'nonface_rocket_640x427.jpg',
} as const;

export function faceFixtureBytes(name: string): Buffer {
  return readFileSync(path.join(FACE_FIXTURES_DIR, name));
}

export function faceFixtureBase64(name: string): string {
  return faceFixtureBytes(name).toString('base64');
}

/** A JPEG that is only markers: SOI, an APP0 segment, then a frame header (SOFn). */
export function craftedJpeg(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...frame, ...components, 0xff, 0xd9]);
}

/** A PNG signature and IHDR chunk (CRC not checked by the header reader) and nothing else. */
export function craftedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(8 + 8 + 13 + 4);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = 2;
  return header;
}

function rgbaOf(name: string): { width: number; height: number; data: Uint8Array } {
  const bytes = faceFixtureBytes(name);
  if (name.endsWith('.png')) return PNG.sync.read(bytes);
  return decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true });
}

/** A PNG of fixture pictures side by side (e.g. two people: several faces). */
export function sideBySidePng(names: readonly string[]): Buffer {
  const images = names.map(rgbaOf);
  const width = images.reduce((sum, image) => sum + image.width, 0);
  const height = Math.max(...images.map((image) => image.height));
  const out = new PNG({ width, height });
  out.data.fill(128);
  let left = 0;
  for (const image of images) {
    for (let y = 0; y < image.height; y += 1) {
      const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
      out.data.set(row, (y * width + left) * 4);
    }
    left += image.width;
  }
  return PNG.sync.write(out);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = ~0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(~crc >>> 0);
  return Buffer.concat([length, body, sum]);
}

/**
 * A valid black RGB PNG of the given size, deflated at level 9: a 4096×4096 one is about 50 KB
 * on the wire and 48 MB once inflated (a decompression bomb for a decoder that trusts it).
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc(height * (1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
