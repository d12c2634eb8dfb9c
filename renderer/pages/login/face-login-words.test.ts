// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import faceZhCN from '../../ui/face/locales/zh-CN.json';
import faceZhHK from '../../ui/face/locales/zh-HK.json';
import loginPageZhCN from './locales/zh-CN.json';
import loginPageZhHK from './locales/zh-HK.json';

/** Every text of a locale tree, by its dotted key. */
function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    texts(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/** Every zh-HK locale file of the renderer, by its path under renderer/. */
function zhHKLocales(): [string, unknown][] {
  const root = new URL('../../', import.meta.url);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[\\/])locales[\\/]zh-HK\.json$/.test(file))
    .map((file) => [file, JSON.parse(readFileSync(new URL(file, root), 'utf8')) as unknown]);
}

describe('sign-in words', () => {
  it('zh-HK says 登入 (sign in) everywhere, never 登錄', () => {
    const files = zhHKLocales();
    expect(files.length).toBeGreaterThan(10);
    for (const [file, locale] of files) {
      for (const [key, text] of texts(locale)) expect(text, `${file} ${key}`).not.toMatch(/登錄/);
    }
  });
});

describe('face login words', () => {
  it('zh-HK says 人臉登入 and 登入, never 登錄 or 刷臉', () => {
    const faceLogin = [
      ...texts(loginPageZhHK.faceLogin, 'faceLogin'),
      ...texts(faceZhHK.face, 'face'),
    ];
    for (const [key, text] of faceLogin) {
      expect(text, key).not.toMatch(/登錄|登录|刷臉/);
    }
    expect(loginPageZhHK.faceLogin.open).toBe('人臉登入');
    expect(loginPageZhHK.faceLogin.title).toBe('人臉登入');
    expect(faceZhHK.face.title.login).toBe('人臉登入');
    expect(faceZhHK.face.action.login).toBe('登入');
  });

  it('zh-CN keeps its texts', () => {
    expect(loginPageZhCN.faceLogin.open).toBe('刷脸登录');
    expect(loginPageZhCN.faceLogin.title).toBe('人脸登录');
    expect(faceZhCN.face.title.login).toBe('人脸登录');
    expect(faceZhCN.face.action.login).toBe('登录');
  });
});
