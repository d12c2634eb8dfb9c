import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('attachment', '成绩单.xlsx')).toBe(
      `attachment; filename="___.xlsx"; filename*=UTF-8''%E6%88%90%E7%BB%A9%E5%8D%95.xlsx`,
    );
  });

  it('never lets a quote, backslash, line break or parenthesis break the header', () => {
    const header = contentDisposition('inline', 'a"b\\c\r\nd(1)*\'.png');
    expect(header).toBe(
      `inline; filename="a_b_c__d(1)*'.png"; filename*=UTF-8''a%22b%5Cc%0D%0Ad%281%29%2A%27.png`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
