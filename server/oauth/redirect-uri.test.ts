import { describe, expect, it } from 'vitest';
import { isRegistrableRedirectUri, matchRedirectUri } from './redirect-uri';

describe('exact redirect URI matching', () => {
  const portal = ['https://portal.example.org/oauth/callback'];
  const loopback = ['http://127.0.0.1/callback'];

  it('accepts the registered URI character for character', () => {
    expect(matchRedirectUri(portal, 'https://portal.example.org/oauth/callback')).toBe(portal[0]);
  });

  it.each([
    ['a trailing slash', 'https://portal.example.org/oauth/callback/'],
    ['another path', 'https://portal.example.org/oauth/other'],
    ['a path prefix', 'https://portal.example.org/oauth/callback/../evil'],
    ['an extra query', 'https://portal.example.org/oauth/callback?next=/x'],
    ['a fragment', 'https://portal.example.org/oauth/callback#x'],
    ['another port', 'https://portal.example.org:8443/oauth/callback'],
    ['another host', 'https://evil.example.org/oauth/callback'],
    ['a case change', 'https://PORTAL.example.org/oauth/callback'],
    ['http instead of https', 'http://portal.example.org/oauth/callback'],
    ['credentials', 'https://user@portal.example.org/oauth/callback'],
  ])('refuses %s', (_name, given) => {
    expect(matchRedirectUri(portal, given)).toBeUndefined();
  });

  it('accepts a registered loopback URI on any port (RFC 8252 §7.3)', () => {
    expect(matchRedirectUri(loopback, 'http://127.0.0.1:51234/callback')).toBe(
      'http://127.0.0.1:51234/callback',
    );
    expect(matchRedirectUri(loopback, 'http://127.0.0.1/callback')).toBe(
      'http://127.0.0.1/callback',
    );
    expect(matchRedirectUri(['http://[::1]/cb'], 'http://[::1]:8000/cb')).toBe(
      'http://[::1]:8000/cb',
    );
  });

  it.each([
    ['another path', 'http://127.0.0.1:51234/callback/'],
    ['an extra query', 'http://127.0.0.1:51234/callback?x=1'],
    ['localhost instead of the address', 'http://localhost:51234/callback'],
    ['another loopback address', 'http://127.0.0.2:51234/callback'],
    ['a port out of range', 'http://127.0.0.1:70000/callback'],
    ['port zero', 'http://127.0.0.1:0/callback'],
    ['a non-numeric port', 'http://127.0.0.1:80a/callback'],
    ['a user part', 'http://127.0.0.1:80@evil.example/callback'],
    ['https', 'https://127.0.0.1:51234/callback'],
  ])('refuses a loopback URI with %s', (_name, given) => {
    expect(matchRedirectUri(loopback, given)).toBeUndefined();
  });

  it('keeps the port rule for loopback registrations only', () => {
    expect(
      matchRedirectUri(['http://localhost:8080/cb'], 'http://localhost:9090/cb'),
    ).toBeUndefined();
  });

  it('registers https anywhere and http only on loopback, never with a fragment', () => {
    expect(isRegistrableRedirectUri('https://portal.example.org/cb')).toBe(true);
    expect(isRegistrableRedirectUri('http://127.0.0.1/callback')).toBe(true);
    expect(isRegistrableRedirectUri('http://localhost:8080/demo/partner/callback')).toBe(true);
    expect(isRegistrableRedirectUri('http://portal.example.org/cb')).toBe(false);
    expect(isRegistrableRedirectUri('https://portal.example.org/cb#x')).toBe(false);
    expect(isRegistrableRedirectUri('javascript:alert(1)')).toBe(false);
    expect(isRegistrableRedirectUri('/relative')).toBe(false);
  });
});
