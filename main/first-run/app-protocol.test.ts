import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { resolvePreferences, type ResolvedPreferences } from '../settings/preferences';
import { createAppProtocolHandler, firstRunUrl, settingsUrl } from './app-protocol';
import { escapeHtml, fillTemplate, LOCAL_FILES, LOCAL_PAGE_CSP } from './local-pages';

const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../resources');

function handler(
  offline = {
    server: 'https://school.example.edu/',
    error: 'ERR_NAME_NOT_RESOLVED',
    canChangeServer: true,
  },
  preferences: ResolvedPreferences = resolvePreferences({
    enforced: {},
    recommended: {},
    user: {},
  }),
) {
  return createAppProtocolHandler({
    resourcesDir: RESOURCES,
    language: () => 'zh-CN',
    translate: createMainI18n,
    offlineState: () => offline,
    preferences: () => preferences,
  });
}

const get = (url: string, init?: RequestInit) => handler()(new Request(url, init));

describe('app:// protocol', () => {
  it('serves every bundled file with its type and the strict CSP', async () => {
    for (const [pathname, { type }] of Object.entries(LOCAL_FILES)) {
      const response = await get(`app://edudesk${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(LOCAL_PAGE_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('fills the first-run page in the asked language, with nothing left unfilled', async () => {
    const zh = await (await get('app://edudesk/first-run.html')).text();
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('欢迎使用教育桌面');
    expect(zh).not.toMatch(/\{\{\w+\}\}/);
    const en = await (await get('app://edudesk/first-run.html?lang=en')).text();
    expect(en).toContain('Welcome to EduDesk');
    const hk = await (await get('app://EDUDESK/first-run.html?lang=zh-HK')).text();
    expect(hk).toContain('歡迎使用教育桌面');
    const unknown = await (await get('app://edudesk/first-run.html?lang=xx')).text();
    expect(unknown).toContain('<html lang="zh-CN">');
  });

  it('shows the error and the address typed, escaped', async () => {
    const page = await (
      await get(
        firstRunUrl({ lang: 'en', error: 'insecure', value: '"><script>alert(1)</script>' }),
      )
    ).text();
    expect(page).toContain('The server address must use https://');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain('<script>alert(1)');
  });

  it('shows the form read-only with "Checking the server…" while main checks it', async () => {
    const page = await (
      await get(firstRunUrl({ lang: 'en', value: 'https://a.edu', checking: '1', error: 'empty' }))
    ).text();
    expect(page).toMatch(/<button type="submit" disabled>Checking the server…<\/button>/);
    expect(page).toMatch(/\n\s+readonly\n/);
    expect(page).toContain('aria-invalid="false"');
    const idle = await (await get(firstRunUrl({ lang: 'en' }))).text();
    expect(idle).toMatch(/<button type="submit" >Connect<\/button>/);
    expect(idle).not.toContain('readonly');
  });

  it('has no script at all', async () => {
    for (const page of ['first-run.html', 'offline.html', 'settings.html']) {
      expect(await (await get(`app://edudesk/${page}`)).text()).not.toMatch(/<script|\son[a-z]+=/i);
    }
    expect(LOCAL_PAGE_CSP).not.toContain('script-src');
    expect(LOCAL_PAGE_CSP).toContain("default-src 'none'");
  });

  it('ignores an error code it does not know', async () => {
    const page = await (await get(firstRunUrl({ lang: 'en', error: 'pwned' }))).text();
    expect(page).toContain('aria-invalid="false"');
  });

  it('fills the offline page with the server and error, and hides "change server" when locked', async () => {
    const page = await (await get('app://edudesk/offline.html?lang=en')).text();
    expect(page).toContain('EduDesk cannot open https://school.example.edu/.');
    expect(page).toContain('Error: ERR_NAME_NOT_RESOLVED');
    expect(page).toMatch(/<a class="link" href="change-server" >/);
    const locked = handler({ server: 'https://<b>', error: 'x', canChangeServer: false });
    const lockedPage = await (await locked(new Request('app://edudesk/offline.html'))).text();
    expect(lockedPage).toContain('href="change-server" hidden>');
    expect(lockedPage).toContain('https://&lt;b&gt;');
  });

  it('fills the Settings page with the settings as they are, in the asked language', async () => {
    const page = await (await get(settingsUrl('zh-CN'))).text();
    expect(page).not.toMatch(/\{\{/);
    expect(page).toContain('<title>设置 - 教育桌面</title>');
    expect(page).toMatch(/name="notifications"\s+checked\s+\/>/);
    expect(page).toMatch(/name="closeToTray"\s+checked\s+\/>/);
    expect(page).toMatch(/value="off" checked \/>/);
    expect(page).not.toContain('role="status">已保存。');
    const saved = await (await get(settingsUrl('en', true))).text();
    expect(saved).toContain('role="status">Saved.</p>');
  });

  it('shows an enforced setting locked, with the administrator’s note', async () => {
    const locked = handler(
      undefined,
      resolvePreferences({
        enforced: { disableNotifications: true, startAtLogin: 'hidden' },
        recommended: {},
        user: { notifications: true, startAtLogin: 'off' },
      }),
    );
    const page = await (await locked(new Request(settingsUrl('en')))).text();
    expect(page).toMatch(/name="notifications"\s+disabled\s+\/>/);
    expect(page).toMatch(/<fieldset disabled>/);
    expect(page).toMatch(/value="hidden" checked \/>/);
    // Two locked settings, two notes shown; the third note stays hidden.
    expect(page.match(/<p class="hint" >Set by your administrator<\/p>/g)).toHaveLength(2);
    expect(page.match(/<p class="hint" hidden>Set by your administrator<\/p>/g)).toHaveLength(1);
  });

  it.each([
    'app://edudesk/../../package.json',
    'app://edudesk/%2e%2e/%2e%2e/package.json',
    'app://edudesk/pages/first-run.html',
    'app://edudesk/main.js',
    'app://edudesk/',
    'app://other/first-run.html',
    'https://edudesk/first-run.html',
  ])('answers 404 for %s', async (url) => {
    expect((await get(url)).status).toBe(404);
  });

  it('answers only GET', async () => {
    expect((await get('app://edudesk/first-run.html', { method: 'POST', body: 'x' })).status).toBe(
      405,
    );
  });
});

describe('templates', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(fillTemplate('<p title="{{a}}">{{b}}{{missing}}</p>', { a: '"', b: '<i>' })).toBe(
      '<p title="&quot;">&lt;i&gt;</p>',
    );
  });
});
