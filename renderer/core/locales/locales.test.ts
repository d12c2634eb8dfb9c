// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST_ERROR } from '../i18n/language-list';
import { RELOGIN_REASON_EXPIRED } from '../http/client';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhHK from './zh-HK.json';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key))
        found.set(path, leaf);
    }
  } else {
    found.set(prefix, value);
  }
  return found;
}

const locales = { 'zh-CN': zhCN, 'zh-HK': zhHK, en };

describe('core locales', () => {
  it('has one top-level key, core, in every language', () => {
    for (const locale of Object.values(locales)) expect(Object.keys(locale)).toEqual(['core']);
  });

  it('has the same keys in zh-CN, zh-HK and en, each a non-empty string', () => {
    const reference = [...leaves(zhCN).keys()].sort();
    for (const [lang, locale] of Object.entries(locales)) {
      const found = leaves(locale);
      expect([...found.keys()].sort(), lang).toEqual(reference);
      for (const [key, text] of found) {
        expect(typeof text === 'string' && text.trim() !== '', `${lang} ${key}`).toBe(true);
      }
    }
  });

  it("keeps the spec's exact texts", () => {
    expect(en.core.http.networkError).toBe('Network error');
    expect(en.core.http.requestAborted).toBe('Request aborted');
    expect(en.core.http.timeout).toBe('timeout of {{timeout}}ms exceeded');
    expect(en.core.http.serverInternalError).toBe('Server internal error!');
    expect(zhCN.core.http.serverInternalError).toBe('服务器内部错误');
    expect(zhCN.core.session.reloginExpired).toBe(RELOGIN_REASON_EXPIRED);
    expect(zhCN.core.i18n.languageListError).toBe(LANGUAGE_LIST_ERROR);
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: unknown) => String(text).match(/\{\{\w+\}\}/g) ?? [];
    for (const [key, text] of leaves(zhCN)) {
      expect(placeholders(leaves(zhHK).get(key)), key).toEqual(placeholders(text));
      expect(placeholders(leaves(en).get(key)), key).toEqual(placeholders(text));
    }
  });
});
