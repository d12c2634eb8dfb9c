import { describe, expect, it } from 'vitest';
import { FORBIDDEN_EXTENSIONS, MAX_FILE_NAME_LENGTH } from '../../contract/upload';
import { FALLBACK_FILE_NAME, isForbiddenFileName, sanitizeFileName } from './file-names';

describe('sanitizeFileName', () => {
  it('keeps ordinary names, Chinese included', () => {
    expect(sanitizeFileName('期末成绩.xlsx')).toBe('期末成绩.xlsx');
    expect(sanitizeFileName('report 2026 (final).pdf')).toBe('report 2026 (final).pdf');
  });

  it('keeps only the last path segment, so no separator and no .. survive', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\a.png')).toBe('a.png');
    expect(sanitizeFileName('a/..')).toBe(FALLBACK_FILE_NAME);
    expect(sanitizeFileName('...')).toBe(FALLBACK_FILE_NAME);
    expect(sanitizeFileName('')).toBe(FALLBACK_FILE_NAME);
  });

  it('drops control and bidi characters and replaces what Windows refuses', () => {
    expect(sanitizeFileName('a\u0000b\u0007c\u007f\u0085.png')).toBe('abc.png');
    // U+202E would show "gnp.exe" as "exe.png".
    expect(sanitizeFileName('photo\u202egnp.exe')).toBe('photognp.exe');
    expect(sanitizeFileName('a<b>c:d"e|f?g*h.txt')).toBe('a_b_c_d_e_f_g_h.txt');
    expect(sanitizeFileName('  spaced   out  .doc. ')).toBe('spaced out .doc');
    expect(sanitizeFileName('nul.txt')).toBe('_nul.txt');
    expect(sanitizeFileName('LPT1')).toBe('_LPT1');
  });

  it('caps the length and keeps the extension', () => {
    const long = sanitizeFileName(`${'a'.repeat(400)}.mp4`);
    expect(Array.from(long)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.mp4')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(300)}.png`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji).not.toContain('\ufffd');
  });
});

describe('isForbiddenFileName', () => {
  it('refuses every extension of spec §5, in any case', () => {
    for (const ext of FORBIDDEN_EXTENSIONS) {
      expect(isForbiddenFileName(`x.${ext}`), ext).toBe(true);
      expect(isForbiddenFileName(`x.${ext.toUpperCase()}`), ext).toBe(true);
    }
    expect(isForbiddenFileName(sanitizeFileName('x.php. '))).toBe(true);
    expect(isForbiddenFileName('x.php.png')).toBe(false);
    expect(isForbiddenFileName('php')).toBe(false);
    expect(isForbiddenFileName('.bashrc')).toBe(false);
  });
});
