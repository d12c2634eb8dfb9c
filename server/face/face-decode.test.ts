import { describe, expect, it } from 'vitest';
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { decodeFaceImage, downscale, ImageDecodeError, MAX_INFERENCE_SIDE } from './face-decode';
import { craftedPng, FACE_FIXTURES, faceFixtureBytes } from './face-fixtures';
import { readImageHeader, type ImageHeader } from './face-image';

function headerOf(bytes: Buffer): ImageHeader {
  const header = readImageHeader(bytes);
  if (typeof header === 'string') throw new Error(header);
  return header;
}

describe('decodeFaceImage', () => {
  it('decodes JPEG and PNG fixtures to RGB', () => {
    for (const [name, width, height] of [
      [FACE_FIXTURES.grace, 512, 512],
      [FACE_FIXTURES.graceCentered, 640, 480],
      [FACE_FIXTURES.rocket, 640, 427],
    ] as const) {
      const bytes = faceFixtureBytes(name);
      const image = decodeFaceImage(bytes, headerOf(bytes));
      expect(image.width).toBe(width);
      expect(image.height).toBe(height);
      expect(image.data.length).toBe(width * height * 3);
    }
  });

  it('lays transparent PNG pixels over mid grey', () => {
    const png = new PNG({ width: 64, height: 64 });
    png.data.fill(0);
    // First pixel opaque red, the rest fully transparent black.
    png.data.set([255, 0, 0, 255], 0);
    const bytes = PNG.sync.write(png);
    const image = decodeFaceImage(bytes, headerOf(bytes));
    expect(Array.from(image.data.subarray(0, 6))).toEqual([255, 0, 0, 128, 128, 128]);
  });

  it('turns a truncated or lying file into ImageDecodeError, never another error', () => {
    const jpeg = faceFixtureBytes(FACE_FIXTURES.grace);
    const truncated = jpeg.subarray(0, 2000);
    expect(() => decodeFaceImage(truncated, headerOf(truncated))).toThrow(ImageDecodeError);
    const headerOnly = craftedPng(100, 100);
    expect(() => decodeFaceImage(headerOnly, headerOf(headerOnly))).toThrow(ImageDecodeError);
    // A header that does not describe the pixels.
    expect(() => decodeFaceImage(jpeg, { type: 'image/jpeg', width: 100, height: 512 })).toThrow(
      ImageDecodeError,
    );
  });

  it('scales large photos down to MAX_INFERENCE_SIDE', () => {
    const width = 1400;
    const height = 700;
    const bytes = encodeJpeg(
      { width, height, data: Buffer.alloc(width * height * 4, 200) },
      80,
    ).data;
    const image = decodeFaceImage(bytes, headerOf(bytes));
    expect(image.width).toBe(MAX_INFERENCE_SIDE);
    expect(image.height).toBe(MAX_INFERENCE_SIDE / 2);
    expect(image.data[0]).toBeCloseTo(200, -1);
  });
});

describe('downscale', () => {
  it('averages the pixels each output pixel covers', () => {
    const image = {
      width: 2,
      height: 2,
      data: new Uint8Array([0, 0, 0, 100, 100, 100, 200, 200, 200, 100, 100, 100]),
    };
    expect(downscale(image, 1)).toEqual({
      width: 1,
      height: 1,
      data: new Uint8Array([100, 100, 100]),
    });
    expect(downscale(image, 2)).toBe(image);
  });
});
