import type { ReadPinyin } from './app-search';

let loading: Promise<ReadPinyin> | null = null;

/**
 * The pinyin dictionary (pinyin-pro, about 100 KB gzip) loads on first use, when the user
 * starts typing Latin letters in a search box: the desktop's first download stays small.
 */
export function loadPinyin(): Promise<ReadPinyin> {
  loading ??= import('pinyin-pro')
    .then(({ pinyin }) => (text: string) => ({
      syllables: pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' }),
    }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
