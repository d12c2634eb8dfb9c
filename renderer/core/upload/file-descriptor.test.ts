import { describe, expect, it } from 'vitest';
import { describeFile, timestampUid } from './file-descriptor';

describe('the uploaded file descriptor (spec §3)', () => {
  it('puts the file under a configurable field name with its facts and a timestamp uid', () => {
    const file = new File(['abc'], '作业.docx', { type: 'application/msword', lastModified: 42 });
    const descriptor = describeFile(file, 'attachment', 1_700_000_000_000);
    expect(descriptor).toEqual({
      attachment: file,
      size: 3,
      fileName: '作业.docx',
      lastModified: 42,
      type: 'application/msword',
      uid: expect.stringMatching(/^\d{13,}$/) as unknown,
      webkitRelativePath: '',
    });
    expect(describeFile(file).file).toBe(file);
  });

  it('never hands out the same uid twice, even within one millisecond', () => {
    const uids = Array.from({ length: 100 }, () => timestampUid(5));
    expect(new Set(uids).size).toBe(100);
  });
});
