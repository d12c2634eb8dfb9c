import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid';

describe('randomUuid', () => {
  it('makes version 4 UUIDs in the RFC 9562 variant, a new one each time', () => {
    const made = Array.from({ length: 200 }, randomUuid);
    for (const uuid of made) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
