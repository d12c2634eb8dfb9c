import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../contract/signature';
import { signResponse } from './response-signature';

describe('signResponse', () => {
  it('matches the contract signPayload exactly', async () => {
    for (const nonce of ['a1b2c3', '中文 nonce', 'x'.repeat(128)]) {
      expect(signResponse(nonce, 'fixedPayload_-1')).toBe(
        await signPayload('fixedPayload_-1', nonce),
      );
    }
  });

  it('verifies with the same nonce only, with a fresh payload each time', () => {
    const header = signResponse('nonce-1');
    expect(header).toMatch(/^[A-Za-z0-9_-]{24}\$[0-9a-f]{64}$/);
    expect(verifySignature(header, 'nonce-1')).toBe(true);
    expect(verifySignature(header, 'nonce-2')).toBe(false);
    expect(signResponse('nonce-1')).not.toBe(header);
  });
});
