import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

const options = {
  path: '/',
  maxAgeSeconds: 60,
  httpOnly: true,
  secure: false,
  sameSite: 'Lax' as const,
};

describe('cookies', () => {
  it('serializes a session cookie', () => {
    expect(serializeCookie('SY_ACCESS_TOKEN', 'abc-_123', options)).toBe(
      'SY_ACCESS_TOKEN=abc-_123; Path=/; Max-Age=60; SameSite=Lax; HttpOnly',
    );
    expect(serializeCookie('A', 'b', { ...options, secure: true, path: '/api/uaa/oauth' })).toBe(
      'A=b; Path=/api/uaa/oauth; Max-Age=60; SameSite=Lax; HttpOnly; Secure',
    );
  });

  it('expires a cleared cookie', () => {
    expect(serializeCookie('A', '', { ...options, maxAgeSeconds: 0 })).toBe(
      'A=; Path=/; Max-Age=0; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly',
    );
  });

  it('refuses values that could inject attributes', () => {
    expect(() => serializeCookie('A', 'x; Domain=evil', options)).toThrow();
    expect(() => serializeCookie('A;', 'x', options)).toThrow();
    expect(() => serializeCookie('A', 'x', { ...options, path: '/;x' })).toThrow();
  });

  it('reads one cookie of a header', () => {
    const header = 'theme=blue; SY_ACCESS_TOKEN=tok%2Den ; other="quoted"; SY_ACCESS_TOKEN=second';
    expect(readCookie(header, 'SY_ACCESS_TOKEN')).toBe('tok-en');
    expect(readCookie(header, 'other')).toBe('quoted');
    expect(readCookie(header, 'missing')).toBeUndefined();
    expect(readCookie(undefined, 'theme')).toBeUndefined();
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBe('%E0%A4%A');
  });
});
