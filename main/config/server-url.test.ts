import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseServerUrl } from './server-url';

describe('parseServerUrl (first-run page)', () => {
  it.each([
    ['https://school.example.edu', 'https://school.example.edu'],
    ['https://school.example.edu/login?x=1#/desktop', 'https://school.example.edu'],
    ['  school.example.edu  ', 'https://school.example.edu'],
    ['HTTPS://School.Example.EDU:8443/', 'https://school.example.edu:8443'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://area.localhost:8080', 'http://area.localhost:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['https://10.0.0.5', 'https://10.0.0.5'],
  ])('accepts %s as %s', (input, origin) => {
    expect(parseServerUrl(input)).toEqual({ ok: true, origin, url: `${origin}/` });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['http://school.example.edu', 'insecure'],
    ['http://10.0.0.5:8080', 'insecure'],
    ['http://localhost.example.com', 'insecure'],
    ['https://user:secret@school.example.edu', 'credentials'],
    ['ftp://school.example.edu', 'invalid'],
    ['file:///C:/edudesk/index.html', 'invalid'],
    ['javascript://alert(1)', 'invalid'],
    ['app://edudesk/first-run.html', 'invalid'],
    ['https://', 'invalid'],
    ['https://exa mple.edu', 'invalid'],
    [`https://${'a'.repeat(2100)}.edu`, 'invalid'],
  ])('refuses %j (%s)', (input, error) => {
    expect(parseServerUrl(input)).toEqual({ ok: false, error });
  });

  it('lets deployment sources choose plain http, never other schemes or credentials', () => {
    expect(parseServerUrl('http://intranet.school', { allowInsecure: true })).toEqual({
      ok: true,
      origin: 'http://intranet.school',
      url: 'http://intranet.school/',
    });
    expect(parseServerUrl('ftp://intranet.school', { allowInsecure: true }).ok).toBe(false);
    expect(parseServerUrl('http://a:b@intranet.school', { allowInsecure: true }).ok).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback names', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'school.localhost', '127.0.0.1', '127.1.2.3']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['localhost.evil.com', '128.0.0.1', '127.0.0.1.nip.io', 'example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
