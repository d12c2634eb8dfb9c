// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './change-language';
import { i18n } from './instance';
import { readLanguageContext, resolveLanguage } from './resolve-language';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('changeLanguage', () => {
  it('stores the choice where §9 finds it, switches i18next and the document language', async () => {
    await changeLanguage('zh-HK', null);
    expect(localStorage.getItem('lange_')).toBe('zh-HK');
    expect(localStorage.getItem('lang')).toBe('zh-HK');
    expect(sessionStorage.getItem('PH_MY_SET_LANG')).toBe('zh-HK');
    expect(sessionStorage.getItem('langType')).toBe('zh-HK');
    expect(i18n.language).toBe('zh-HK');
    expect(document.documentElement.lang).toBe('zh-HK');
    expect(resolveLanguage(readLanguageContext({ search: '' }))).toBe('zh-HK');
    expect(i18n.t('core.http.serverInternalError')).toBe('伺服器內部錯誤');
  });

  it('leaves the stored choice behind a language query parameter', async () => {
    await changeLanguage('en', null);
    expect(resolveLanguage(readLanguageContext({ search: '?lang=zh-CN' }))).toBe('zh-CN');
    expect(resolveLanguage(readLanguageContext({ search: '' }))).toBe('en');
  });
});
