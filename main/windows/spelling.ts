import type { ContextMenuParams, MenuItemConstructorOptions, Session, WebContents } from 'electron';
import type { MainTranslate } from '../i18n/main-i18n';

/**
 * Spell check (docs/desktop-client.md, "Zoom and spell check"): English only. Chromium has no
 * Chinese dictionary, and Chinese text is not spell-checked.
 */
export const SPELL_CHECK_LANGUAGES = ['en-US'];

export function applySpellCheck(session: Pick<Session, 'setSpellCheckerLanguages'>): void {
  session.setSpellCheckerLanguages(SPELL_CHECK_LANGUAGES);
}

/**
 * The context menu over a misspelled word: the dictionary's suggestions (at most five) and "Add
 * to dictionary"; nothing elsewhere (the client shows no context menu of its own otherwise).
 */
export function spellingMenu(
  params: Pick<ContextMenuParams, 'misspelledWord' | 'dictionarySuggestions' | 'isEditable'>,
  t: MainTranslate,
  actions: { replace(word: string): void; addToDictionary(word: string): void },
): MenuItemConstructorOptions[] {
  if (!params.isEditable || params.misspelledWord === '') return [];
  const word = params.misspelledWord;
  return [
    ...params.dictionarySuggestions.slice(0, 5).map((suggestion) => ({
      label: suggestion,
      click: () => {
        actions.replace(suggestion);
      },
    })),
    { type: 'separator' as const },
    {
      label: t('main.spelling.addToDictionary'),
      click: () => {
        actions.addToDictionary(word);
      },
    },
  ];
}

/** Shows spellingMenu on a page's right-click over a misspelled word. */
export function attachSpellingMenu(
  contents: Pick<WebContents, 'on' | 'replaceMisspelling' | 'session'>,
  t: MainTranslate,
  popup: (template: MenuItemConstructorOptions[]) => void,
): void {
  contents.on('context-menu', (_event, params) => {
    const template = spellingMenu(params, t, {
      replace: (suggestion) => {
        contents.replaceMisspelling(suggestion);
      },
      addToDictionary: (word) => {
        contents.session.addWordToSpellCheckerDictionary(word);
      },
    });
    if (template.length > 0) popup(template);
  });
}
