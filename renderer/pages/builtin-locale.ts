import { mergeLocales } from '../core/i18n/merge-locales';

/**
 * The zh-CN dictionary is built into the bundle (spec §7: zh-CN makes no request): every
 * `locales/zh-CN.json` of the renderer, merged at build time.
 */
export const builtinZhCN = mergeLocales(
  import.meta.glob<Record<string, unknown>>('../**/locales/zh-CN.json', {
    eager: true,
    import: 'default',
  }),
);
