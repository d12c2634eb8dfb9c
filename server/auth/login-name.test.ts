import { describe, expect, it } from 'vitest';
import { loginKey } from './login-name';

describe('loginKey', () => {
  it.each([
    ['teacher02', 'teacher02'],
    ['TEACHER02', 'teacher02'],
    ['ｔeacher02', 'teacher02'],
    ['teacher０2', 'teacher02'],
    ['tea\u00ADcher02', 'teacher02'],
    ['tea\u200Bcher02', 'teacher02'],
    ['tea\u200Dcher\u2060\uFEFF02', 'teacher02'],
    ['\u202Eteacher02', 'teacher02'],
    ['tea\u034Fcher02', 'teacher02'],
    ['teacher02\uFE0F', 'teacher02'],
    ['  teacher02 ', 'teacher02'],
    ['王老师', '王老师'],
    ['Ｗａｎｇ．Ｌｉ＠school', 'wang.li@school'],
  ])('keys %j as %j', (name, key) => {
    expect(loginKey(name)).toBe(key);
  });

  it('keeps names that differ in letters apart', () => {
    expect(loginKey('teacher02')).not.toBe(loginKey('teacher03'));
    expect(loginKey('café')).not.toBe(loginKey('cafe'));
  });
});
