import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORBIDDEN_EXTENSIONS,
  FORBIDDEN_EXTENSIONS,
  IMAGE_EXTENSIONS,
  MEDIA_EXTENSIONS,
} from '../../../contract/upload';
import { acceptAttribute, stripDataPrefix, validateBase64, validateUpload } from './validate-file';

const file = (name: string, size = 10) => ({ name, size });

describe('validateUpload (spec §5)', () => {
  it('answers no-file (Not find file) without a file', () => {
    expect(validateUpload(null)).toEqual({ reason: 'no-file' });
    expect(validateUpload(undefined)).toEqual({ reason: 'no-file' });
  });

  it('refuses every forbidden extension of the full list by default', () => {
    for (const ext of FORBIDDEN_EXTENSIONS) {
      expect(validateUpload(file(`a.${ext.toUpperCase()}`))).toEqual({ reason: 'forbidden', ext });
    }
    expect(validateUpload(file('a.pdf'))).toBeNull();
    expect(validateUpload(file('README'))).toBeNull();
  });

  it('refuses only jspx, jsp and exe with the default request config list', () => {
    const rules = { forbidden: DEFAULT_FORBIDDEN_EXTENSIONS };
    expect(validateUpload(file('a.jsp'), rules)).toEqual({ reason: 'forbidden', ext: 'jsp' });
    expect(validateUpload(file('a.exe'), rules)).toEqual({ reason: 'forbidden', ext: 'exe' });
    expect(validateUpload(file('a.txt'), rules)).toBeNull();
    expect(validateUpload(file('a.php'), rules)).toBeNull();
  });

  it('keeps to the image and the audio/video lists when asked', () => {
    for (const ext of IMAGE_EXTENSIONS) {
      expect(validateUpload(file(`a.${ext}`), { accept: 'image' })).toBeNull();
    }
    expect(validateUpload(file('a.webp'), { accept: 'image' })).toEqual({
      reason: 'not-image',
      ext: 'webp',
    });
    for (const ext of MEDIA_EXTENSIONS) {
      expect(validateUpload(file(`a.${ext}`), { accept: 'media' })).toBeNull();
    }
    expect(validateUpload(file('a.png'), { accept: 'media' })).toEqual({
      reason: 'not-media',
      ext: 'png',
    });
    expect(validateUpload(file('a.doc'), { accept: ['pdf', 'DOCX'] })).toEqual({
      reason: 'not-accepted',
      ext: 'doc',
    });
    expect(validateUpload(file('a.docx'), { accept: ['pdf', 'DOCX'] })).toBeNull();
  });

  it('refuses a file over the size limit (大小超出限制), the limit itself passes', () => {
    expect(validateUpload(file('a.mp4', 101), { maxSize: 100 })).toEqual({
      reason: 'too-large',
      limit: 100,
    });
    expect(validateUpload(file('a.mp4', 100), { maxSize: 100 })).toBeNull();
  });

  it('gives the input an accept hint', () => {
    expect(acceptAttribute('image')).toBe('.gif,.jpg,.jpeg,.bmp,.png,.tif');
    expect(acceptAttribute('any')).toBeUndefined();
    expect(acceptAttribute(['pdf'])).toBe('.pdf');
  });
});

describe('validateBase64 (spec §5)', () => {
  it('needs a non-empty base64 string and a file name', () => {
    expect(validateBase64('', 'a')).toEqual({ reason: 'base64-empty' });
    expect(validateBase64('data:image/png;base64,', 'a')).toEqual({ reason: 'base64-empty' });
    expect(validateBase64('AAAA', ' ')).toEqual({ reason: 'file-name-empty' });
    expect(validateBase64('AAAA', 'a')).toBeNull();
  });

  it('strips the data: prefix (spec §7)', () => {
    expect(stripDataPrefix('data:image/png;base64,QUJD')).toBe('QUJD');
    expect(stripDataPrefix('QUJD')).toBe('QUJD');
  });
});
