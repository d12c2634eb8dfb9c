import { describe, expect, it } from 'vitest';
import { frameMatches, guideBox, isInGuide, shouldCapture } from './capture-rule';

const frame = { width: 640, height: 480 };

describe('capture rule (spec §4, §9)', () => {
  it('the guide is a centred square 35 % of the video width', () => {
    expect(guideBox(frame)).toEqual({ x: 208, y: 128, width: 224, height: 224 });
    expect(guideBox({ width: 320, height: 240 })).toEqual({
      x: 104,
      y: 64,
      width: 112,
      height: 112,
    });
  });

  it('accepts a face within 50 px of the guide in position and size', () => {
    expect(isInGuide({ x: 217, y: 135, width: 198, height: 198 }, frame)).toBe(true);
    // Exactly 50 px off on each axis and in size still counts.
    expect(isInGuide({ x: 258, y: 178, width: 224, height: 224 }, frame)).toBe(true);
    expect(isInGuide({ x: 183, y: 103, width: 274, height: 274 }, frame)).toBe(true);
  });

  it('refuses a face more than 50 px off in x, y or size', () => {
    expect(isInGuide({ x: 259, y: 128, width: 224, height: 224 }, frame)).toBe(false);
    expect(isInGuide({ x: 208, y: 77, width: 224, height: 224 }, frame)).toBe(false);
    // Same centre, too small (far away) or too large (too close).
    expect(isInGuide({ x: 245, y: 165, width: 150, height: 150 }, frame)).toBe(false);
    expect(isInGuide({ x: 180, y: 100, width: 280, height: 280 }, frame)).toBe(false);
  });

  it('reads the same on the mirrored preview (centres, not corners)', () => {
    const face = { x: 230, y: 140, width: 190, height: 190 };
    const mirrored = { ...face, x: frame.width - face.x - face.width };
    expect(isInGuide(face, frame)).toBe(isInGuide(mirrored, frame));
  });

  it('a frame matches when any of its faces is in the guide', () => {
    const inside = { x: 217, y: 135, width: 198, height: 198 };
    const aside = { x: 0, y: 0, width: 120, height: 120 };
    expect(frameMatches([aside, inside], frame)).toBe(true);
    expect(frameMatches([aside], frame)).toBe(false);
    expect(frameMatches([], frame)).toBe(false);
  });

  it('captures after more than 8 matching frames', () => {
    expect(shouldCapture(8)).toBe(false);
    expect(shouldCapture(9)).toBe(true);
  });
});
