/**
 * The application's texts in the three languages (locales/*.json), added to PH's i18next under
 * the application's code: `t('__APP_CODE__.title')`.
 */
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';

export const APP_CODE = '__APP_CODE__';

export const TEXTS = { 'zh-CN': zhCN, 'zh-HK': zhHK, en } as const;

/** The application's API: its own back end, behind the platform's site at /api/<code>/. */
export const API = {
  items: `/api/${APP_CODE}/items`,
  save: `/api/${APP_CODE}/items/save`,
};

/** The permission codes of app.json's menu. */
export const CODES = { list: `${APP_CODE}_list`, edit: `${APP_CODE}_edit` };

/** A key of the application's texts. */
export function key(name: string): string {
  return `${APP_CODE}.${name}`;
}
