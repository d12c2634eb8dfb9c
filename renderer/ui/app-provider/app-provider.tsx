import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangType } from '../../../contract/languages';
import { isLangType } from '../../../contract/languages';
import { NotifyHost } from '../notify/notify-host';

const ANTD_LOCALES: Record<LangType, Locale> = { 'zh-CN': zhCN, 'zh-HK': zhHK, en: enUS };

/** The default theme colour (spec §9). The theme engine replaces it once themes land. */
export const DEFAULT_PRIMARY_COLOR = '#457CD6';

/**
 * The root of every page: antd's locale follows the active language, the theme tokens and the
 * toast host.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLangType(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      theme={{ token: { colorPrimary: DEFAULT_PRIMARY_COLOR, borderRadius: 6 } }}
    >
      <NotifyHost />
      {children}
    </ConfigProvider>
  );
}
