import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { splitBilingual } from '../../../contract/envelope';
import type { LangType } from '../../../contract/languages';

/**
 * Server texts (application and category names, messages, to-dos, refusals, unit names) come
 * in Simplified Chinese, or as `中文|||English`. In zh-HK they are shown in Traditional
 * characters through OpenCC (./traditional-converter.ts), converted when shown, never in stored
 * data. The converter is a chunk of its own, loaded only once the page speaks zh-HK; until it
 * has loaded (or if it cannot be), a text shows as the server wrote it. See docs/i18n.md.
 */

export const TRADITIONAL_LANGUAGE: LangType = 'zh-HK';

/** How long a page's start waits for the converter before it renders anyway. */
export const TRADITIONAL_WAIT_CAP_MS = 3000;

/** Converted texts kept: a page shows a few hundred server texts at most. */
const MEMO_LIMIT = 2000;

type Convert = (text: string) => string;

let convert: Convert | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The converter, remembering what it converted (the same names are shown again and again). */
function remembering(converter: Convert): Convert {
  const memo = new Map<string, string>();
  return (text) => {
    let converted = memo.get(text);
    if (converted === undefined) {
      converted = converter(text);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(text, converted);
    }
    return converted;
  };
}

/**
 * Loads the converter (once; after a failure, the next call tries again). Always resolves:
 * without the converter, texts show as the server wrote them.
 */
export function loadTraditional(): Promise<void> {
  loading ??= import('./traditional-converter')
    .then(({ createTraditionalConverter }) => {
      convert = remembering(createTraditionalConverter());
      for (const listener of listeners) listener();
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** Loads the converter, waiting at most `capMs` for it (a page's start: see startLayer). */
export async function waitForTraditional(capMs = TRADITIONAL_WAIT_CAP_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs);
  });
  await Promise.race([loadTraditional(), cap]);
  clearTimeout(timer);
}

/** Whether the converter has loaded. */
export function traditionalReady(): boolean {
  return convert !== null;
}

function currentConverter(): Convert | null {
  return convert;
}

function localText(text: string, lang: string, converter: Convert | null): string {
  const local = splitBilingual(text, lang);
  return lang === TRADITIONAL_LANGUAGE && converter !== null && local !== ''
    ? converter(local)
    : local;
}

/**
 * A server text in the user's language and script: the English or Chinese half of a bilingual
 * text, and in zh-HK the Chinese in Traditional characters (once the converter has loaded).
 */
export function serverText(text: string, lang: string): string {
  return localText(text, lang, convert);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * `serverText` in the current language, for components: in zh-HK it loads the converter if
 * the page's start has not, and renders again once it is there.
 */
export function useServerText(): (text: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const converter = useSyncExternalStore(subscribe, currentConverter, currentConverter);
  const ready = converter !== null;
  useEffect(() => {
    if (lang === TRADITIONAL_LANGUAGE && !ready) void loadTraditional();
  }, [lang, ready]);
  // A new function once the converter is there: components memoised on it render again.
  return useCallback((text: string) => localText(text, lang, converter), [lang, converter]);
}
