import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangType } from '../../../contract/languages';
import { isLangType } from '../../../contract/languages';
import { antdTheme, cssVariables } from '../../core/theme/theme-engine';
import { useTheme } from '../../core/theme/theme-store';
import { NotifyHost } from '../notify/notify-host';
import { DIALOG_MODAL, DIALOG_MODAL_BEHIND_LOGIN, useDialogFrame } from './dialog-frame';
import { usesStaticAntdStyles } from './static-styles';
import { FALLBACK_ANTD_LOCALE, loadAntdLocale, loadedAntdLocale } from './antd-locale';

/**
 * antd's click ripple ("wave") is off on every page: each ripple mounts a React root of its own
 * and animates, and on the sign-in button it did so while the login was on
 * its way (sign-in → icons on a slow PC: docs/performance.md, "A quiet login page while
 * leaving"). A module constant, as the provider's other settings: one provider per page.
 */
const NO_WAVE = { disabled: true } as const;

/** antd's texts for the language: those last shown until the language's own have loaded. */
function useAntdLocale(lang: LangType): Locale {
  const [shown, setShown] = useState<Locale>(() => loadedAntdLocale(lang) ?? FALLBACK_ANTD_LOCALE);
  useEffect(() => {
    let active = true;
    loadAntdLocale(lang)
      .then((locale) => {
        // Every antd component re-renders for new texts: in slices, as a transition.
        if (active)
          startTransition(() => {
            setShown(locale);
          });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [lang]);
  return shown;
}

/**
 * The root of every page: antd's locale follows the active language; the theme engine gives
 * antd its tokens and the page its CSS variables and theme class; modal dialogs start
 * where the page says (ui/app-provider/dialog-frame); no click ripple; and the toast host.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLangType(i18n.language) ? i18n.language : 'zh-CN';
  const locale = useAntdLocale(lang);
  const resolved = useTheme((state) => state.resolved);
  const modal = useDialogFrame((state) =>
    state.behindLogin ? DIALOG_MODAL_BEHIND_LOGIN : DIALOG_MODAL,
  );
  // With the built stylesheet antd generates no CSS in the browser (zeroRuntime); its tokens
  // still reach the page as CSS variables, so every theme applies.
  const theme = useMemo(
    () => ({ ...antdTheme(resolved), zeroRuntime: usesStaticAntdStyles() }),
    [resolved],
  );

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(cssVariables(resolved))) {
      root.style.setProperty(name, value);
    }
    const themeClass = resolved.kind === 'designed' ? `theme-${resolved.name}` : 'theme-colour';
    root.dataset.theme = themeClass;
  }, [resolved]);

  return (
    <ConfigProvider locale={locale} theme={theme} modal={modal} wave={NO_WAVE}>
      <NotifyHost />
      {children}
    </ConfigProvider>
  );
}
