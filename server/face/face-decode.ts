import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { FACE_PHOTO_LIMITS, type ImageHeader } from './face-image';

/** Decoded pixels, 3 bytes (R, G, B) per pixel, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The decoder refused the bytes (corrupt, truncated, or not what the header said). */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

/**
 * The face models look at faces of a few hundred pixels: a larger photo is scaled down to this
 * longest side before inference (with FACE_PHOTO_LIMITS no accepted photo is larger today).
 */
export const MAX_INFERENCE_SIDE = 1280;

/** jpeg-js guards: the header check already bounds the size; these stop a lying file. */
const JPEG_MAX_MEGAPIXELS = (FACE_PHOTO_LIMITS.maxSide * FACE_PHOTO_LIMITS.maxSide) / 1e6 + 0.01;
const JPEG_MAX_MEMORY_MB = 256;

/** Transparent pixels are laid over mid grey, the background the face models see most. */
const BACKGROUND = 128;

function rgbFromRgba(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    const alpha = rgba[i + 3] ?? 255;
    if (alpha === 255) {
      rgb[j] = rgba[i] ?? 0;
      rgb[j + 1] = rgba[i + 1] ?? 0;
      rgb[j + 2] = rgba[i + 2] ?? 0;
    } else {
      const a = alpha / 255;
      rgb[j] = Math.round((rgba[i] ?? 0) * a + BACKGROUND * (1 - a));
      rgb[j + 1] = Math.round((rgba[i + 1] ?? 0) * a + BACKGROUND * (1 - a));
      rgb[j + 2] = Math.round((rgba[i + 2] ?? 0) * a + BACKGROUND * (1 - a));
    }
  }
  return rgb;
}

function decodeRaw(bytes: Buffer, header: ImageHeader): RgbImage {
  if (header.type === 'image/jpeg') {
    const image = decodeJpeg(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: JPEG_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB,
    });
    return { width: image.width, height: image.height, data: image.data };
  }
  const png = PNG.sync.read(bytes);
  return {
    width: png.width,
    height: png.height,
    data: rgbFromRgba(png.data, png.width, png.height),
  };
}

/**
 * Area-average downscaling (each output pixel the mean of the input pixels it covers), fast
 * enough in plain JavaScript and without the aliasing of nearest-neighbour sampling.
 */
export function downscale(image: RgbImage, maxSide: number): RgbImage {
  const scale = maxSide / Math.max(image.width, image.height);
  if (scale >= 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const sums = new Float64Array(width * height * 3);
  const counts = new Uint32Array(width * height);
  const xMap = new Uint32Array(image.width);
  for (let x = 0; x < image.width; x += 1) {
    xMap[x] = Math.min(width - 1, Math.floor((x * width) / image.width));
  }
  for (let y = 0; y < image.height; y += 1) {
    const row = Math.min(height - 1, Math.floor((y * height) / image.height)) * width;
    for (let x = 0; x < image.width; x += 1) {
      const target = row + (xMap[x] ?? 0);
      const source = (y * image.width + x) * 3;
      sums[target * 3] = (sums[target * 3] ?? 0) + (image.data[source] ?? 0);
      sums[target * 3 + 1] = (sums[target * 3 + 1] ?? 0) + (image.data[source + 1] ?? 0);
      sums[target * 3 + 2] = (sums[target * 3 + 2] ?? 0) + (image.data[source + 2] ?? 0);
      counts[target] = (counts[target] ?? 0) + 1;
    }
  }
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < counts.length; i += 1) {
    const n = Math.max(1, counts[i] ?? 0);
    data[i * 3] = Math.round((sums[i * 3] ?? 0) / n);
    data[i * 3 + 1] = Math.round((sums[i * 3 + 1] ?? 0) / n);
    data[i * 3 + 2] = Math.round((sums[i * 3 + 2] ?? 0) / n);
  }
  return { width, height, data };
}

/**
 * Decodes a checked JPEG or PNG (see checkFaceImage) to RGB, scaled down to at most
 * MAX_INFERENCE_SIDE. Any decoder failure, or pixels that disagree with the header, is an
 * ImageDecodeError (answered 400, never 500).
 */
export function decodeFaceImage(bytes: Buffer, header: ImageHeader): RgbImage {
  let image: RgbImage;
  try {
    image = decodeRaw(bytes, header);
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : 'decoding failed');
  }
  if (
    image.width !== header.width ||
    image.height !== header.height ||
    image.data.length !== image.width * image.height * 3
  ) {
    throw new ImageDecodeError('the decoded size differs from the header');
  }
  return downscale(image, MAX_INFERENCE_SIDE);
}
