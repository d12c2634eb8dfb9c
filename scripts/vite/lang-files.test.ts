import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isJsonObject, type JsonObject } from '../../contract/deep-merge';
import { LANGUAGES } from '../../contract/languages';
import { languageFiles, readPageModules, sharedDictionary } from './lang-files';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer');

function localeFolders(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(full);
    else localeFolders(full, found);
  }
  return found;
}

/** Every leaf of a dictionary as `a.b.c` → value. */
function leaves(dictionary: JsonObject, prefix = ''): Map<string, unknown> {
  const all = new Map<string, unknown>();
  for (const [key, value] of Object.entries(dictionary)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isJsonObject(value)) for (const [k, v] of leaves(value, name)) all.set(k, v);
    else all.set(name, value);
  }
  return all;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const folders = localeFolders(rendererDir);

describe('locale files', () => {
  it('exist for the renderer', () => {
    expect(folders.length).toBeGreaterThan(3);
  });

  it.each(folders.map((folder) => [path.relative(rendererDir, folder), folder]))(
    '%s has every key in zh-CN, zh-HK and en, each a non-empty text with the same placeholders',
    (_name, folder) => {
      const byLang = LANGUAGES.map((lang) => {
        const parsed: unknown = JSON.parse(readFileSync(path.join(folder, `${lang}.json`), 'utf8'));
        if (!isJsonObject(parsed)) throw new Error(`${folder}/${lang}.json is not an object`);
        return leaves(parsed);
      });
      const [reference] = byLang;
      if (reference === undefined) throw new Error('no zh-CN');
      for (const dictionary of byLang) {
        expect([...dictionary.keys()].sort()).toEqual([...reference.keys()].sort());
        for (const [key, value] of dictionary) {
          expect(typeof value, key).toBe('string');
          expect(String(value).trim(), key).not.toBe('');
          expect(placeholders(String(value)), key).toEqual(
            placeholders(String(reference.get(key))),
          );
        }
      }
    },
  );

  it('use one top-level key per folder, so merging never overwrites another folder', () => {
    const owners = new Map<string, string>();
    for (const folder of folders) {
      const parsed: unknown = JSON.parse(readFileSync(path.join(folder, 'zh-CN.json'), 'utf8'));
      for (const key of Object.keys(isJsonObject(parsed) ? parsed : {})) {
        expect(owners.get(key), `${key} in ${folder}`).toBeUndefined();
        owners.set(key, folder);
      }
    }
  });
});

describe('emitted language files', () => {
  it('emit the shared file and every module file for en and zh-HK', () => {
    const files = languageFiles(rendererDir, '9.9.9');
    expect([...files.keys()]).toContain('common/plugins/common-ph/9.9.9/lang/en-ph.json');
    expect([...files.keys()]).toContain('common/plugins/common-ph/9.9.9/lang/zh-HK-ph.json');
    for (const module of readPageModules(rendererDir)) {
      expect([...files.keys()]).toContain(`modules/${module.code}/lang/en-${module.appCode}.json`);
    }
    expect([...files.keys()].some((name) => name.includes('zh-CN'))).toBe(false);
  });

  it('put the English login texts of the spec in the shared file', () => {
    const shared = sharedDictionary(rendererDir, 'en');
    expect(shared).toMatchObject({
      login: {
        title: 'User login',
        accountPlaceholder: 'Please enter account number',
        passwordPlaceholder: 'Please input a password',
        remember: 'Remember password',
        forget: 'Forget the password?',
        signIn: 'Sign in',
        errors: { l7: 'User name cannot be empty!', l8: 'Password cannot be empty!' },
      },
    });
  });
});
