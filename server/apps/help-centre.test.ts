import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('GET /common/help/index.html (help centre)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  function open(query: Record<string, string>) {
    return t.app.inject({
      method: 'GET',
      url: `/common/help/index.html?${new URLSearchParams(query).toString()}`,
      headers: { host: 'localhost' },
    });
  }

  it('names the unit and the help topic and links back to the page it came from', async () => {
    const response = await open({
      redUrl: 'http://localhost/pages/base/pc_desktop_all/index.html',
      accessToken: '',
      unitId: '1001',
      key: 'ygsy-2026',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('帮助中心');
    expect(response.body).toContain('ygsy-2026');
    expect(response.body).toContain('href="http://localhost/pages/base/pc_desktop_all/index.html"');
    // A page of the shell's look, not a bare placeholder: its own style and the common questions.
    expect(response.body).toContain('<style>');
    expect(response.body).toContain('class="help__topics"');
    expect(response.body).toContain('name="viewport"');
  });

  it('does not link back to another origin or a script URL, and escapes what it shows', async () => {
    for (const redUrl of ['https://evil.example/', 'javascript:alert(1)', '//evil.example/x']) {
      const response = await open({ redUrl, unitId: '1001', key: '<img src=x onerror=alert(1)>' });
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain('javascript:');
      expect(response.body).not.toContain('<img src=x');
      expect(response.body).toContain('&lt;img src=x');
    }
  });
});
