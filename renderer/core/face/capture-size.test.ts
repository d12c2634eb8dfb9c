import { describe, expect, it } from 'vitest';
import { captureSize, guideOnView, toCssSize } from './capture-size';

describe('width and height settings (spec §3: number or string, default empty)', () => {
  it('reads numbers and numeric texts as pixels, other texts as CSS, empty as not given', () => {
    expect(toCssSize(320)).toBe(320);
    expect(toCssSize('320')).toBe(320);
    expect(toCssSize(' 320px ')).toBe(320);
    expect(toCssSize('100%')).toBe('100%');
    expect(toCssSize('30rem')).toBe('30rem');
    expect(toCssSize('')).toBeUndefined();
    expect(toCssSize(undefined)).toBeUndefined();
    expect(toCssSize(null)).toBeUndefined();
    expect(toCssSize(0)).toBeUndefined();
    expect(toCssSize(Number.NaN)).toBeUndefined();
  });
});

describe('capture size (spec §9)', () => {
  const body = { bodyWidth: 390, bodyHeight: 844 };

  it('on viewports wider than 760 px: the given size or 480', () => {
    expect(captureSize({ viewportWidth: 1280, ...body })).toEqual({ width: 480, height: 480 });
    expect(captureSize({ viewportWidth: 761, ...body, width: 640, height: '360' })).toEqual({
      width: 640,
      height: 360,
    });
    expect(captureSize({ viewportWidth: 1280, ...body, width: '', height: '' })).toEqual({
      width: 480,
      height: 480,
    });
  });

  it('otherwise the full body size, whatever is given', () => {
    expect(captureSize({ viewportWidth: 760, ...body, width: 640 })).toEqual({
      width: 390,
      height: 844,
    });
    expect(captureSize({ viewportWidth: 390, ...body })).toEqual({ width: 390, height: 844 });
  });
});

describe('the guide on the view (video filling it with object-fit: cover)', () => {
  it('is 35 % of the video width, centred, at the cover scale', () => {
    expect(guideOnView({ width: 640, height: 480 }, { width: 640, height: 480 })).toEqual({
      left: 208,
      top: 128,
      size: 224,
    });
    // A square view crops the video's sides: the scale is 480/480 = 1.
    expect(guideOnView({ width: 640, height: 480 }, { width: 480, height: 480 })).toEqual({
      left: 128,
      top: 128,
      size: 224,
    });
    expect(guideOnView({ width: 0, height: 0 }, { width: 480, height: 480 })).toBeNull();
  });
});
