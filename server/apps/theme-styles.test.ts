import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('theme stylesheets of the common plugin CSS path (spec §7, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves one stylesheet per designed theme and one for colours under /common/styles/1.2.0/', async () => {
    for (const [name, colour] of [
      ['ink', '#A9947F'],
      ['lotus', '#68A265'],
      ['cartoon', '#3ABAE8'],
      ['color', 'var(--edudesk-primary'],
    ] as const) {
      const answer = await t.app.inject({ url: `/common/styles/1.2.0/theme-${name}.css` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(answer.body).toContain(`--ph-primary:${colour}`);
    }
    // Anything else is not a theme stylesheet (the web build's answer, never a generated one).
    const other = await t.app.inject({ url: '/common/styles/1.2.0/theme-x.css' });
    expect(other.statusCode).not.toBe(200);
  });
});
