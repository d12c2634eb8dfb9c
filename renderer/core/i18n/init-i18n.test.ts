// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initI18n } from './init-i18n';
import { i18n } from './instance';

describe('initI18n', () => {
  it('builds zh-CN in, bundles what it is given, and switches to the resolved language', async () => {
    const instance = await initI18n({
      lang: 'zh-HK',
      builtin: { login: { title: '用户登录', name: '<b>{{name}}</b>' } },
      bundled: { en: { login: { title: 'User login' } } },
    });
    expect(instance).toBe(i18n);
    expect(i18n.language).toBe('zh-HK');
    expect(document.documentElement.lang).toBe('zh-HK');
    expect(i18n.t('login.title', { lng: 'en' })).toBe('User login');
    // A key zh-HK lacks falls back to the built-in zh-CN.
    expect(i18n.t('login.title')).toBe('用户登录');
    // React escapes; i18next must not escape twice.
    expect(i18n.t('login.name', { name: 'A&B' })).toBe('<b>A&B</b>');
    // The core's own texts survive the merge, in every language.
    expect(i18n.t('core.http.serverInternalError', { lng: 'zh-CN' })).toBe('服务器内部错误');
    expect(i18n.t('core.http.networkError', { lng: 'en' })).toBe('Network error');
    expect(i18n.t('core.http.timeout', { lng: 'en', timeout: 9 })).toBe('timeout of 9ms exceeded');
  });
});
