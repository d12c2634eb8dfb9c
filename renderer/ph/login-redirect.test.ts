import { describe, expect, it } from 'vitest';
import { loginUrlFor } from './login-redirect';

describe('loginUrlFor', () => {
  it('names the page to come back to, route and query included', () => {
    const href = 'http://localhost/pages/homework/pc_homework_pre/index.html?a=1&b=2#/list';
    const url = new URL(loginUrlFor(href), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect_uri')).toBe(href);
  });
});
