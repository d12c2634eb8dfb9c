import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem, MenuCategory } from '../../../contract/desktop';
import { useServerText } from '../../core/i18n/traditional';
import { appFullName, appName, appNamedBy, categoryName } from './visible-apps';

export interface AppNames {
  /** The name an application goes by everywhere: its icon's (visible-apps.ts appName). */
  app: (app: ApplicationItem) => string;
  /** Its full name, in the same language (search results, under the name). */
  full: (app: ApplicationItem) => string;
  category: (category: MenuCategory) => string;
}

/**
 * Applications' and categories' names in the user's language and script: in English the
 * catalogue's English names, in zh-HK the Chinese ones in Traditional characters
 * (core/i18n/traditional.ts). Renders again once the converter has loaded.
 */
export function useAppNames(): AppNames {
  const { i18n } = useTranslation();
  const local = useServerText();
  const lang = i18n.language;
  return useMemo(
    () => ({
      app: (app) => local(appName(app, lang)),
      full: (app) => local(appFullName(app, lang)),
      category: (category) => local(categoryName(category, lang)),
    }),
    [local, lang],
  );
}

/**
 * A message's or to-do's source as the page names it: an application the user has goes by its
 * one name (its icon's, English in English); any other source is shown as a server text.
 */
export function useSourceName(apps: readonly ApplicationItem[]): (source: string) => string {
  const names = useAppNames();
  const local = useServerText();
  return useCallback(
    (source: string) => {
      const app = appNamedBy(apps, source);
      return app ? names.app(app) : local(source);
    },
    [apps, names, local],
  );
}
