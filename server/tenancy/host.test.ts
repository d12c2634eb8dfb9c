import { describe, expect, it } from 'vitest';
import { normalizeHost } from './host';

describe('normalizeHost', () => {
  it.each([
    ['localhost', 'localhost'],
    ['Area.LocalHost:8080', 'area.localhost'],
    ['http://area.localhost:8080/login?x=1', 'area.localhost'],
    ['https://school.localhost/', 'school.localhost'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:8080', '[::1]'],
    ['example.edu.cn.', 'example.edu.cn'],
    ['  localhost  ', 'localhost'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });

  it.each([undefined, '', '   ', 'ftp://files.example', 'javascript:alert(1)', 'http://', 'a b'])(
    'refuses %s',
    (input) => {
      expect(normalizeHost(input)).toBeUndefined();
    },
  );
});
