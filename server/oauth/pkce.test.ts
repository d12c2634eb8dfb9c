import { describe, expect, it } from 'vitest';
import { isS256Challenge, s256Challenge, verifierMatches } from './pkce';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256', () => {
  it('computes the challenge of RFC 7636 Appendix B', () => {
    expect(s256Challenge(VERIFIER)).toBe(CHALLENGE);
    expect(isS256Challenge(CHALLENGE)).toBe(true);
    expect(verifierMatches(VERIFIER, CHALLENGE)).toBe(true);
  });

  it('refuses a wrong, short, long or malformed verifier', () => {
    expect(verifierMatches(`${VERIFIER.slice(0, -1)}A`, CHALLENGE)).toBe(false);
    expect(verifierMatches('a'.repeat(42), s256Challenge('a'.repeat(42)))).toBe(false);
    expect(verifierMatches('a'.repeat(129), s256Challenge('a'.repeat(129)))).toBe(false);
    expect(verifierMatches(`${'a'.repeat(43)} `, s256Challenge(`${'a'.repeat(43)} `))).toBe(false);
    // The plain method's "challenge" (the verifier itself) is not an S256 challenge.
    expect(verifierMatches(VERIFIER, VERIFIER)).toBe(false);
  });

  it('recognises only 43 base64url characters as an S256 challenge', () => {
    expect(isS256Challenge(CHALLENGE.slice(1))).toBe(false);
    expect(isS256Challenge(`${CHALLENGE.slice(1)}=`)).toBe(false);
    expect(isS256Challenge(`${CHALLENGE.slice(1)}+`)).toBe(false);
  });
});
