import { describe, expect, it } from 'vitest';
import { FACE_IMAGE_LIMITS } from '../../../contract/face';
import {
  coverCrop,
  photoSource,
  RESULT_SIZE,
  stripDataUrl,
  validatePhotoFile,
  validatePhotoSides,
} from './face-image';

describe('the photo (spec §3, §9)', () => {
  it('is 480 × 480', () => {
    expect(RESULT_SIZE).toEqual({ width: 480, height: 480 });
  });

  it('is cut from the centre of the frame', () => {
    expect(coverCrop({ width: 640, height: 480 }, RESULT_SIZE)).toEqual({
      sx: 80,
      sy: 0,
      sw: 480,
      sh: 480,
    });
    expect(coverCrop({ width: 480, height: 640 }, RESULT_SIZE)).toEqual({
      sx: 0,
      sy: 80,
      sw: 480,
      sh: 480,
    });
    expect(coverCrop({ width: 1280, height: 720 }, { width: 480, height: 360 })).toEqual({
      sx: 160,
      sy: 0,
      sw: 960,
      sh: 720,
    });
  });

  it('travels as base64 without the data: prefix', () => {
    expect(stripDataUrl('data:image/jpeg;base64,/9j/4AAQ')).toBe('/9j/4AAQ');
    expect(stripDataUrl('/9j/4AAQ')).toBe('/9j/4AAQ');
    expect(photoSource('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(photoSource('data:image/png;base64,iVBO')).toBe('data:image/png;base64,iVBO');
  });
});

describe('picked files (FACE_IMAGE_LIMITS), checked before reading', () => {
  it('takes JPEG, PNG, WEBP and BMP up to 2 MB', () => {
    expect(validatePhotoFile({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(validatePhotoFile({ name: 'me.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(validatePhotoFile({ name: 'me.JPEG', type: '', size: 1000 })).toBeNull();
    expect(
      validatePhotoFile({ name: 'me.png', type: 'image/png', size: FACE_IMAGE_LIMITS.maxBytes }),
    ).toBeNull();
  });

  it('refuses other types, empty files and files over 2 MB', () => {
    expect(validatePhotoFile({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(validatePhotoFile({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(validatePhotoFile({ name: 'notes.txt', type: '', size: 10 })).toBe('type');
    expect(validatePhotoFile({ name: 'me.png', type: 'image/png', size: 0 })).toBe('size');
    expect(
      validatePhotoFile({
        name: 'me.png',
        type: 'image/png',
        size: FACE_IMAGE_LIMITS.maxBytes + 1,
      }),
    ).toBe('size');
  });

  it('checks the decoded sides: 64 to 4096 px', () => {
    expect(validatePhotoSides(64, 4096)).toBeNull();
    expect(validatePhotoSides(63, 500)).toBe('dimensions');
    expect(validatePhotoSides(500, 4097)).toBe('dimensions');
  });
});
