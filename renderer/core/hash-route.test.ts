import { describe, expect, it } from 'vitest';
import { hashQuery, hashRoute } from './hash-route';

describe('hash routes', () => {
  it('strip the # and the query', () => {
    expect(hashRoute('#/bind/?id=x')).toBe('/bind/');
    expect(hashRoute('#/login')).toBe('/login');
    expect(hashRoute('')).toBe('/');
    expect(hashRoute('#')).toBe('/');
  });

  it('read the query of the hash', () => {
    expect(hashQuery('#/bind/?id=unbound&openid=o%261').get('openid')).toBe('o&1');
    expect(hashQuery('#/bind/').get('id')).toBeNull();
  });
});
