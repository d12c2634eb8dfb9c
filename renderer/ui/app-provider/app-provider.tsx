import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangType } from '../../../contract/languages';
import { isLangType } from '../../../contract/languages';
import { antdTheme, cssVariables } from '../../core/theme/theme-engine';
import { useTheme } from '../../core/theme/theme-store';
import { NotifyHost } from '../notify/notify-host';

/**
 * antd's own texts (dialog buttons, pagination, tables) per language, loaded on demand: the
 * login page shows none of them, and only one language is ever needed at a time.
 */
const ANTD_LOCALES: Record<LangType, () => Promise<Locale>> = {
  'zh-CN': async () => (await import('antd/es/locale/zh_CN')).default,
  'zh-HK': async () => (await import('antd/es/locale/zh_HK')).default,
  en: async () => (await import('antd/es/locale/en_US')).default,
};

function useAntdLocale(lang: LangType): Locale | undefined {
  const [loaded, setLoaded] = useState<{ lang: LangType; locale: Locale } | null>(null);
  useEffect(() => {
    let active = true;
    ANTD_LOCALES[lang]()
      .then((locale) => {
        if (active) setLoaded({ lang, locale });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [lang]);
  return loaded?.lang === lang ? loaded.locale : undefined;
}

/**
 * The root of every page: antd's locale follows the active language; the theme engine gives
 * antd its tokens and the page its CSS variables and theme class; and the toast host.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLangType(i18n.language) ? i18n.language : 'zh-CN';
  const locale = useAntdLocale(lang);
  const resolved = useTheme((state) => state.resolved);
  const theme = useMemo(() => antdTheme(resolved), [resolved]);

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(cssVariables(resolved))) {
      root.style.setProperty(name, value);
    }
    const themeClass = resolved.kind === 'designed' ? `theme-${resolved.name}` : 'theme-colour';
    root.dataset.theme = themeClass;
  }, [resolved]);

  return (
    <ConfigProvider locale={locale} theme={theme}>
      <NotifyHost />
      {children}
    </ConfigProvider>
  );
}
