import { EventEmitter } from 'node:events';
import type { MenuItemConstructorOptions, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { applySpellCheck, attachSpellingMenu, spellingMenu } from './spelling';
import { secureWebPreferences } from './web-preferences';

const noActions = { replace: () => undefined, addToDictionary: () => undefined };

describe('spell check', () => {
  it('is on in every window, in English', () => {
    expect(secureWebPreferences().spellcheck).toBe(true);
    const languages: string[][] = [];
    applySpellCheck({ setSpellCheckerLanguages: (list) => languages.push(list) });
    expect(languages).toEqual([['en-US']]);
  });

  it('offers suggestions and "Add to dictionary" over a misspelled word only', () => {
    const t = createMainI18n('zh-CN');
    const params = {
      isEditable: true,
      misspelledWord: 'teh',
      dictionarySuggestions: ['the', 'ten'],
    };
    expect(spellingMenu(params, t, noActions).map((item) => item.label ?? item.type)).toEqual([
      'the',
      'ten',
      'separator',
      '添加到词典',
    ]);
    expect(spellingMenu({ ...params, misspelledWord: '' }, t, noActions)).toEqual([]);
    expect(spellingMenu({ ...params, isEditable: false }, t, noActions)).toEqual([]);
  });

  it('replaces the word or adds it to the dictionary from the page’s context menu', () => {
    const replaced: string[] = [];
    const added: string[] = [];
    const contents = Object.assign(new EventEmitter(), {
      replaceMisspelling: (word: string) => replaced.push(word),
      session: { addWordToSpellCheckerDictionary: (word: string) => added.push(word) },
    });
    const menus: MenuItemConstructorOptions[][] = [];
    attachSpellingMenu(contents as unknown as WebContents, createMainI18n('en'), (template) =>
      menus.push(template),
    );
    contents.emit(
      'context-menu',
      {},
      { isEditable: true, misspelledWord: 'classs', dictionarySuggestions: ['class'] },
    );
    contents.emit(
      'context-menu',
      {},
      { isEditable: true, misspelledWord: '', dictionarySuggestions: [] },
    );
    expect(menus).toHaveLength(1);
    const click = (label: string) => {
      const item = menus[0]?.find((entry) => entry.label === label);
      (item?.click as (() => void) | undefined)?.();
    };
    click('class');
    click('Add to dictionary');
    expect(replaced).toEqual(['class']);
    expect(added).toEqual(['classs']);
  });
});
