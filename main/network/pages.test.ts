import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../first-run/app-protocol';
import { createMainI18n } from '../i18n/main-i18n';
import type { BlockedCertificate } from './certificate-guard';
import {
  certificatePageUrl,
  certificateValues,
  proxyLoginPageUrl,
  proxyLoginValues,
} from './pages';
import type { ProxyPrompt } from './proxy-login';
import { resolvePreferences } from '../settings/preferences';

const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../resources');
const FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':');
const BLOCKED: BlockedCertificate = {
  trust: false,
  host: 'school.example.edu',
  issuer: 'School <Proxy> Issuing CA',
  root: { name: 'School Proxy Root CA', fingerprint: FINGERPRINT },
  matched: null,
  error: 'net::ERR_CERT_AUTHORITY_INVALID',
};
const PROMPT: ProxyPrompt = {
  proxy: 'proxy.school.example:8080',
  realm: 'Staff "proxy"',
  username: 'SCHOOL\\t01',
  failed: true,
  canSave: false,
};

/** The app:// handler as main/index.ts sets it up for these pages. */
function get(url: string) {
  const handler = createAppProtocolHandler({
    resourcesDir: RESOURCES,
    language: () => 'en',
    translate: createMainI18n,
    offlineState: () => ({ server: '', error: '', canChangeServer: true }),
    preferences: () => resolvePreferences({ enforced: {}, recommended: {}, user: {} }),
    pages: {
      '/certificate.html': (t, lang, params) => {
        const host = params.get('host') ?? '';
        return certificateValues(t, lang, host, host === BLOCKED.host ? BLOCKED : null);
      },
      '/proxy-login.html': (t, lang, params) =>
        params.get('id') === '7' ? proxyLoginValues(t, lang, 7, PROMPT) : null,
    },
  });
  return handler(new Request(url));
}

describe('certificate page', () => {
  it('names the host, the issuer and the fingerprint, and what to ask IT, escaped', async () => {
    const html = await (await get(certificatePageUrl('en', 'school.example.edu'))).text();
    expect(html).toContain('school.example.edu');
    expect(html).toContain('School &lt;Proxy&gt; Issuing CA');
    expect(html).toContain('School Proxy Root CA');
    expect(html).toContain(FINGERPRINT);
    expect(html).toContain('deploy this root certificate');
    expect(html).toContain('href="retry"');
    expect(html).not.toMatch(/\{\{\w+\}\}/);
    // No way to go on regardless: Retry is the one action.
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).not.toMatch(/<form|<button/);
  });

  it('says "unknown" for a host it refused nothing for, in the chosen language', async () => {
    const html = await (await get(certificatePageUrl('zh-HK', 'other.example'))).text();
    expect(html).toContain('（不明）');
    expect(html).toContain('部署下面這個根憑證');
  });
});

describe('proxy sign-in page', () => {
  it('shows the proxy, the refusal and the name again, without the remember box', async () => {
    const html = await (await get(proxyLoginPageUrl('zh-CN', 7))).text();
    expect(html).toContain('proxy.school.example:8080');
    expect(html).toContain('Staff &quot;proxy&quot;');
    expect(html).toContain('代理服务器不接受这个用户名或密码');
    expect(html).toContain('value="SCHOOL\\t01"');
    expect(html).toMatch(/<label class="check" hidden>/);
    expect(html).toContain('type="password"');
    expect(html).not.toMatch(/\{\{\w+\}\}/);
  });

  it('offers the remember box when saving is allowed', () => {
    const values = proxyLoginValues(createMainI18n('en'), 'en', 1, { ...PROMPT, canSave: true });
    expect(values.rememberHidden).toBe('');
    expect(values.remember).toBe('Remember on this computer');
  });

  it('is not served for a dialog that is not open', async () => {
    expect((await get(proxyLoginPageUrl('en', 8))).status).toBe(404);
  });
});
