import { ConverterBuilder, CustomConverter } from 'opencc-js/core';
import * as simplifiedToTraditional from 'opencc-js/preset/cn2t';

/**
 * Where OpenCC's Hong Kong glyphs differ from those of the product's own zh-HK texts (the
 * locales write 用戶, 說, 群), the product's: a server text and the page around it write a
 * character one way (traditional.test.ts checks every zh-HK text against the converter).
 */
const PRODUCT_FORMS: [string, string][] = [
  ['户', '戶'],
  ['説', '說'],
  ['羣', '群'],
];

/**
 * OpenCC's Simplified (mainland) → Traditional (Hong Kong) converter, with its phrase
 * dictionaries (头发 → 頭髮 but 发展 → 發展), then the product's forms. Only
 * renderer/core/i18n/traditional.ts imports this file, dynamically: the dictionaries (about
 * 1 MB) are a chunk of their own that only a page shown in zh-HK downloads.
 */
export function createTraditionalConverter(): (text: string) => string {
  const toHongKong = ConverterBuilder(simplifiedToTraditional)({ from: 'cn', to: 'hk' });
  const toProductForms = CustomConverter(PRODUCT_FORMS);
  return (text) => toProductForms(toHongKong(text));
}
