import { describe, expect, it } from 'vitest';
import { safeLogoUri } from '../../core/safe-url';
import { isNavigableAnswer, parseAuthorizeRequest } from './authorize-request';

describe('the authorisation request', () => {
  it('needs client_id (spec §2)', () => {
    expect(parseAuthorizeRequest(new URL('http://localhost/authorize')).kind).toBe(
      'missing-client-id',
    );
    expect(parseAuthorizeRequest(new URL('http://localhost/authorize?client_id=')).kind).toBe(
      'missing-client-id',
    );
  });

  it('forwards the spec payload, the PKCE pair and the unit host, nothing else', () => {
    const parsed = parseAuthorizeRequest(
      new URL(
        'http://school.localhost:8080/authorize?response_type=code&client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=s&scope=profile&code_challenge=c&code_challenge_method=S256&decision=allow&other=x',
      ),
    );
    expect(parsed).toEqual({
      kind: 'request',
      request: {
        clientId: 'app',
        redirectUri: 'http://127.0.0.1:5000/callback',
        fields: {
          unitHost: 'school.localhost:8080',
          response_type: 'code',
          client_id: 'app',
          redirect_uri: 'http://127.0.0.1:5000/callback',
          state: 's',
          scope: 'profile',
          code_challenge: 'c',
          code_challenge_method: 'S256',
        },
      },
    });
  });

  it('shows only data: images and same-origin logos', () => {
    expect(safeLogoUri('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeLogoUri('/common/logo.png')).toBe('/common/logo.png');
    expect(safeLogoUri('//evil.example/x.png')).toBeNull();
    expect(safeLogoUri('https://evil.example/x.png')).toBeNull();
    expect(safeLogoUri('data:text/html;base64,AAAA')).toBeNull();
    expect(safeLogoUri('javascript:alert(1)')).toBeNull();
  });

  it('leaves only for http(s) answers', () => {
    expect(isNavigableAnswer('http://127.0.0.1:5000/callback?code=x')).toBe(true);
    expect(isNavigableAnswer('javascript:alert(1)')).toBe(false);
    expect(isNavigableAnswer(null)).toBe(false);
  });
});
