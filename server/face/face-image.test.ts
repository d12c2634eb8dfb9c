import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { FACE_IMAGE_LIMITS } from '../../contract/face';
import { craftedJpeg, craftedPng, FACE_FIXTURES, faceFixtureBytes } from './face-fixtures';
import {
  base64DecodedLength,
  checkFaceImage,
  FACE_PHOTO_LIMITS,
  readImageHeader,
  readJpegSize,
  readPngSize,
} from './face-image';

describe('base64DecodedLength', () => {
  it('counts the decoded bytes from the length and padding', () => {
    expect(base64DecodedLength('')).toBe(0);
    expect(base64DecodedLength('QQ==')).toBe(1);
    expect(base64DecodedLength('QUI=')).toBe(2);
    expect(base64DecodedLength('QUJD')).toBe(3);
    expect(base64DecodedLength('QUJDRA')).toBe(4);
    for (const size of [1, 2, 3, 100, 1001]) {
      const text = Buffer.alloc(size, 7).toString('base64');
      expect(base64DecodedLength(text)).toBe(size);
    }
  });

  it('refuses what cannot be base64', () => {
    for (const bad of ['QUJDR', 'QQ=', 'Q===', 'QU JD', 'QU-_', 'QQ==QQ==', 'data:image/png']) {
      expect(base64DecodedLength(bad)).toBeUndefined();
    }
  });
});

describe('readJpegSize', () => {
  it('reads the frame size of real JPEGs (the fixture and a camera frame)', () => {
    expect(readJpegSize(faceFixtureBytes(FACE_FIXTURES.grace))).toEqual({
      width: 512,
      height: 512,
    });
    expect(readJpegSize(faceFixtureBytes('grace_hopper_640x480_1frame.mjpeg'))).toEqual({
      width: 640,
      height: 480,
    });
    expect(readJpegSize(faceFixtureBytes(FACE_FIXTURES.rocket))).toEqual({
      width: 640,
      height: 427,
    });
  });

  it('reads crafted baseline, extended and progressive frame headers', () => {
    expect(readJpegSize(craftedJpeg(5000, 100))).toEqual({ width: 5000, height: 100 });
    expect(readJpegSize(craftedJpeg(300, 200, 0xc1))).toEqual({ width: 300, height: 200 });
    expect(readJpegSize(craftedJpeg(300, 200, 0xc2))).toEqual({ width: 300, height: 200 });
  });

  it('refuses lossless and arithmetic-coded frames the decoder cannot read', () => {
    expect(readJpegSize(craftedJpeg(300, 200, 0xc3))).toBe('unsupported_jpeg');
    expect(readJpegSize(craftedJpeg(300, 200, 0xc9))).toBe('unsupported_jpeg');
  });

  it('never reads past the end of broken files', () => {
    const good = craftedJpeg(300, 200);
    for (let cut = 0; cut < good.length - 2; cut += 1) {
      expect(readJpegSize(good.subarray(0, cut))).toBe('bad_header');
    }
    // A segment length running past the end.
    expect(readJpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0, 0]))).toBe(
      'bad_header',
    );
    // Scan data (SOS) or the end (EOI) before any frame header.
    expect(readJpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBe('bad_header');
    expect(readJpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBe('bad_header');
    // A byte that is not a marker where one must be.
    expect(readJpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0x12, 0x34]))).toBe(
      'bad_header',
    );
  });
});

describe('readPngSize', () => {
  it('reads IHDR of a real PNG and of a crafted one', () => {
    expect(readPngSize(faceFixtureBytes(FACE_FIXTURES.graceCentered))).toEqual({
      width: 640,
      height: 480,
    });
    expect(readPngSize(craftedPng(5000, 4))).toEqual({ width: 5000, height: 4 });
    expect(readPngSize(craftedPng(0xffffffff, 1))).toEqual({ width: 0xffffffff, height: 1 });
  });

  it('refuses a missing or misplaced IHDR', () => {
    const png = craftedPng(100, 100);
    expect(readPngSize(png.subarray(0, 20))).toBe('bad_header');
    const wrongType = Buffer.from(png);
    wrongType.write('IDAT', 12, 'latin1');
    expect(readPngSize(wrongType)).toBe('bad_header');
    const wrongLength = Buffer.from(png);
    wrongLength.writeUInt32BE(14, 8);
    expect(readPngSize(wrongLength)).toBe('bad_header');
  });
});

describe('readImageHeader', () => {
  it('knows JPEG and PNG by their magic bytes only', () => {
    expect(readImageHeader(faceFixtureBytes(FACE_FIXTURES.grace))).toEqual({
      type: 'image/jpeg',
      width: 512,
      height: 512,
    });
    expect(readImageHeader(faceFixtureBytes(FACE_FIXTURES.astronaut))).toEqual({
      type: 'image/png',
      width: 512,
      height: 512,
    });
    expect(readImageHeader(Buffer.from('GIF89a\x40\x00\x40\x00', 'latin1'))).toBe(
      'unsupported_type',
    );
    expect(readImageHeader(Buffer.from('just some text, not a picture'))).toBe('unsupported_type');
    expect(readImageHeader(Buffer.from([]))).toBe('unsupported_type');
  });
});

describe('checkFaceImage', () => {
  const base64 = (bytes: Buffer) => bytes.toString('base64');

  it('passes a real photo with its bytes and header', () => {
    const bytes = faceFixtureBytes(FACE_FIXTURES.grace);
    const checked = checkFaceImage(base64(bytes));
    expect(checked).toMatchObject({ ok: true, header: { type: 'image/jpeg', width: 512 } });
    expect(checked.ok && checked.bytes.equals(bytes)).toBe(true);
  });

  it('refuses more than maxBytes before decoding the base64', () => {
    const over = Buffer.alloc(FACE_IMAGE_LIMITS.maxBytes + 1);
    over.set([0xff, 0xd8, 0xff]);
    expect(checkFaceImage(base64(over))).toEqual({ ok: false, problem: 'too_large' });
    expect(
      checkFaceImage(base64(craftedJpeg(100, 100)), { ...FACE_IMAGE_LIMITS, maxBytes: 10 }),
    ).toEqual({ ok: false, problem: 'too_large' });
  });

  it('refuses sides outside minSide..maxSide (64..1280), read from the header', () => {
    expect(FACE_PHOTO_LIMITS).toEqual({ maxBytes: 2 * 1024 * 1024, minSide: 64, maxSide: 1280 });
    const cases: [Buffer, boolean][] = [
      [craftedJpeg(5000, 100), false],
      [craftedJpeg(4096, 4096), false],
      [craftedJpeg(1281, 1280), false],
      [craftedJpeg(1280, 1280), true],
      [craftedJpeg(1280, 960), true],
      [craftedJpeg(64, 64), true],
      [craftedJpeg(63, 64), false],
      [craftedJpeg(100, 0), false],
      [craftedPng(100, 5000), false],
      [craftedPng(4096, 4096), false],
      [craftedPng(0xffffffff, 100), false],
      [craftedPng(1280, 64), true],
      [craftedPng(1281, 64), false],
    ];
    for (const [bytes, ok] of cases) {
      expect(checkFaceImage(base64(bytes))).toMatchObject(
        ok ? { ok: true } : { ok: false, problem: 'bad_dimensions' },
      );
    }
  });

  it('refuses interlaced PNGs, whose inflation the decoder does not bound', () => {
    const interlaced = craftedPng(200, 200);
    interlaced[28] = 1;
    expect(readPngSize(interlaced)).toBe('unsupported_png');
    expect(checkFaceImage(base64(interlaced))).toEqual({ ok: false, problem: 'unsupported_png' });
  });

  it('refuses other formats, broken headers and malformed base64', () => {
    const gif = Buffer.from('GIF89a\x40\x00\x40\x00\x80\x00\x00', 'latin1');
    expect(checkFaceImage(base64(gif))).toEqual({ ok: false, problem: 'unsupported_type' });
    expect(checkFaceImage(base64(Buffer.from([0xff, 0xd8, 0xff, 0xd9])))).toEqual({
      ok: false,
      problem: 'bad_header',
    });
    expect(checkFaceImage('abcde')).toEqual({ ok: false, problem: 'bad_base64' });
    expect(checkFaceImage('ab$d')).toEqual({ ok: false, problem: 'bad_base64' });
  });

  it('accepts a small real PNG of exactly minSide', () => {
    const png = new PNG({ width: 64, height: 64 });
    const checked = checkFaceImage(base64(PNG.sync.write(png)));
    expect(checked).toMatchObject({ ok: true, header: { type: 'image/png', width: 64 } });
  });
});
