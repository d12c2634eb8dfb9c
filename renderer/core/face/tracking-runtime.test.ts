// @vitest-environment node
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { frameMatches, isInGuide } from './capture-rule';
import type { FrameData } from './face-detector';
import { PageFaceDetector } from './face-tracker';
import { computeIntegralImages } from './integral-images';
import { detectFaces, detectFacesReference } from './tracking-runtime';

/** The real tracking.js detector on the fixtures (tests/fixtures/README.md). */
function fixture(name: string): FrameData {
  const png = PNG.sync.read(
    readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url)),
  );
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
}

interface TrackingImage {
  Image: {
    computeIntegralImage(
      pixels: ArrayLike<number>,
      width: number,
      height: number,
      sum: Int32Array,
      square: Int32Array,
      tilted: Int32Array,
      sobel: Int32Array,
    ): void;
  };
}

/** tracking.js's own integral images, for comparison. */
function referenceIntegrals(frame: FrameData) {
  const size = frame.width * frame.height;
  const out = {
    sum: new Int32Array(size),
    square: new Int32Array(size),
    tilted: new Int32Array(size),
    sobel: new Int32Array(size),
  };
  const { tracking } = globalThis as unknown as { tracking: TrackingImage };
  tracking.Image.computeIntegralImage(
    frame.data,
    frame.width,
    frame.height,
    out.sum,
    out.square,
    out.tilted,
    out.sobel,
  );
  return out;
}

/** A deterministic noisy frame (edges everywhere, odd sizes for the borders). */
function noise(width: number, height: number, seed: number): FrameData {
  const data = new Uint8ClampedArray(width * height * 4);
  let state = seed;
  for (let index = 0; index < data.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[index] = state >>> 24;
  }
  return { width, height, data };
}

/** The first index where two tables differ, or -1 (toEqual is slow on 300 000 numbers). */
function firstDifference(a: Int32Array, b: Int32Array): number {
  return a.findIndex((value, index) => value !== b[index]);
}

describe('the integral images', () => {
  it.each([
    ['grace_hopper_centered_640x480.png', () => fixture('grace_hopper_centered_640x480.png')],
    ['nonface_coffee_640x480.png', () => fixture('nonface_coffee_640x480.png')],
    ['astronaut.png', () => fixture('astronaut.png')],
    ['noise 37 × 23', () => noise(37, 23, 1)],
    ['noise 2 × 3', () => noise(2, 3, 2)],
    ['noise 640 × 480', () => noise(640, 480, 3)],
  ])("equal tracking.js's, bit for bit, on %s", (_name, make) => {
    const frame = make();
    const expected = referenceIntegrals(frame);
    // Twice through the same buffers: reuse must not leak one frame into the next.
    const reused = computeIntegralImages(
      noise(frame.width, frame.height, 9).data,
      frame.width,
      frame.height,
    );
    const actual = computeIntegralImages(frame.data, frame.width, frame.height, reused);
    expect(actual).toBe(reused);
    for (const table of ['sum', 'square', 'tilted', 'sobel'] as const) {
      expect(actual[table].length, table).toBe(expected[table].length);
      expect(firstDifference(actual[table], expected[table]), table).toBe(-1);
    }
  });
});

describe('tracking.js with the spec tracking frame (initial scale 4, step 2, edge density 0.1)', () => {
  it('finds the centred face at about (217, 135), 198 px, and the capture rule accepts it', () => {
    const frame = fixture('grace_hopper_centered_640x480.png');
    const faces = detectFaces(frame.data, frame.width, frame.height);
    expect(faces).toHaveLength(1);
    const [face] = faces;
    if (!face) throw new Error('no face');
    expect(Math.abs(face.x - 217)).toBeLessThanOrEqual(8);
    expect(Math.abs(face.y - 135)).toBeLessThanOrEqual(8);
    expect(Math.abs(face.width - 198)).toBeLessThanOrEqual(10);
    expect(isInGuide(face, frame)).toBe(true);
    expect(frameMatches(faces, frame)).toBe(true);
  });

  it("answers exactly what tracking.js's own detect answers", () => {
    for (const name of [
      'grace_hopper_centered_640x480.png',
      'nonface_coffee_640x480.png',
      'astronaut.png',
    ]) {
      const frame = fixture(name);
      expect(detectFaces(frame.data, frame.width, frame.height), name).toEqual(
        detectFacesReference(frame.data, frame.width, frame.height),
      );
    }
  });

  it('finds no face on a picture without one', () => {
    const frame = fixture('nonface_coffee_640x480.png');
    expect(detectFaces(frame.data, frame.width, frame.height)).toEqual([]);
  });

  it('runs in the page as the fallback detector, loading tracking.js on first use', async () => {
    const detector = new PageFaceDetector();
    const faces = await detector.detect(fixture('grace_hopper_centered_640x480.png'));
    expect(faces).toHaveLength(1);
    expect(detector.where).toBe('page');
    detector.dispose();
  });
});
