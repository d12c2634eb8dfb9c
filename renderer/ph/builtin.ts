import { mergeLocales } from '../core/i18n/merge-locales';

/** PH's built-in zh-CN texts: those of the layers it exports (core, ui, features). */
export const phZhCN = mergeLocales(
  import.meta.glob<Record<string, unknown>>('../{core,ui,features}/**/locales/zh-CN.json', {
    eager: true,
    import: 'default',
  }),
);
