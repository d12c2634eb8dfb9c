import { TeamOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { myFilesPath } from '../core/app-url/landing';
import { isDev } from '../core/env';
import { getHost } from '../core/host';
import { activeChildren } from '../core/session/children';
import type { CurrentUser } from '../core/session/user-mapper';
import { useTheme } from '../core/theme/theme-store';
import { useScreenClass } from '../core/use-screen-class';
import { useModuleLicence } from '../features/expiry/index';
import { Footer, openHelpCentre } from '../features/footer/index';
import { HeaderButton, LogoutButton, MessageBell, WelcomeText } from '../features/header/index';
import { LanguageSwitcher } from '../features/language/index';
import { MobileAppGrid } from './mobile-app-grid';
import {
  AppUnreadCounts,
  flatApps,
  usesCategorisedMenu,
  useSourceName,
} from '../features/menu/index';
import { readTodoClosedFlag, shouldShowTodoPanel } from '../features/todo/index';
import { VoiceButton, voiceOffered } from '../features/voice/index';
import { CategorySections } from './category-sections';
import { DESKTOP_MODULE, DesktopDialogs, useOpenDialogs } from './desktop-dialogs';
import { logoutShown } from './logout-shown';
import { MY_FILES_ICON } from './my-files-entry';
import { UnitBrand } from './unit-brand';
import { useDesktopData } from './use-desktop-data';
import { useHoldCallsWhileFirstDrawn } from './use-hold-calls';
import { usePublishedHeight } from './use-published-height';
import { useOpenApp } from './use-open-app';
import { useHostFlags, useUnitConfig } from './use-shell-config';
import './mobile-desktop.css';

export interface MobileDesktopShellProps {
  user: CurrentUser;
  onLoggedOut: () => void;
  /** The landing root, for the about dialog's versions. */
  root: string;
}

/**
 * The mobile desktop (/{root}/base/mobile_desktop_all/index.html; screen classes ipad and mobile
 * of spec §4): a condensed header (unit, welcome, bell, child switch, language), the icons sized
 * for thumbs (by category for teachers of school units), the to-do, messages and child picker as
 * bottom sheets that leave the icons above in view, and the voice command button.
 */
export function MobileDesktopShell({ user, onLoggedOut, root }: MobileDesktopShellProps) {
  const { t } = useTranslation();
  useHoldCallsWhileFirstDrawn();
  const data = useDesktopData(user);
  const theme = useTheme();
  const flags = useHostFlags();
  const unitConfig = useUnitConfig();
  const screen = useScreenClass();
  const headerRef = usePublishedHeight<HTMLElement>('--edudesk-mobile-header-height');
  const openApp = useOpenApp(user, true);
  const licence = useModuleLicence(DESKTOP_MODULE, user.unitId, isDev);
  const children = activeChildren(user.childList);
  const isParent = user.userType === '3';
  // Of the desktop's dialogs the phone opens messages, the child picker, about and expiry: the
  // first two as bottom sheets.
  const opened = useOpenDialogs(user);
  const { dialog, setDialog } = opened;
  // One sheet at a time: the to-do sheet waits while another has the bottom of the screen (the
  // child picker right after sign-in, say), else it would lie over that sheet's rows.
  const todoOpen =
    dialog === null &&
    !opened.todoClosed &&
    shouldShowTodoPanel(data.counts.todo, readTodoClosedFlag());
  // Inside the native app or the desktop client the host signs the user out, not the page.
  const hostKind = getHost().kind;
  // The native app's, or a unit's that offers it in phone browsers too (docs/voice.md).
  const voice = voiceOffered(navigator.userAgent, hostKind, unitConfig?.decorationSet);
  const categorised = usesCategorisedMenu(user.userType, user.unitType);
  const apps = flatApps(data.categories);
  const sourceName = useSourceName(data.allApps);
  const iconVariant =
    theme.resolved.kind === 'designed' && theme.resolved.name === 'cartoon' ? 'cartoon' : 'colour';

  let body: ReactNode;
  if (data.loading) {
    body = (
      <div className="mobile-desktop__loading" role="status">
        <Spin />
      </div>
    );
  } else if (apps.length === 0) {
    body = <p className="mobile-desktop__empty">{t('menu.empty')}</p>;
  } else if (categorised) {
    body = (
      <CategorySections
        categories={data.categories}
        block="mobile-desktop"
        grid={(icons, label) => (
          <MobileAppGrid apps={icons} label={label} iconVariant={iconVariant} onOpen={openApp} />
        )}
      />
    );
  } else {
    body = (
      <section className="mobile-desktop__category">
        <MobileAppGrid
          apps={apps}
          iconVariant={iconVariant}
          onOpen={openApp}
          label={t('menu.apps')}
        />
      </section>
    );
  }

  return (
    <AppUnreadCounts value={data.unread}>
      <div className={`mobile-desktop screen-${screen}`}>
        <header className="mobile-header" ref={headerRef}>
          <div className="mobile-header__row">
            <div className="mobile-header__brand">
              <UnitBrand />
            </div>
            <div className="mobile-header__actions">
              <MessageBell
                unread={data.counts.message}
                onOpen={() => {
                  setDialog({ kind: 'messages' });
                }}
              />
              {isParent && children.length > 1 && (
                <HeaderButton
                  label={t('header.switchChild')}
                  icon={<TeamOutlined aria-hidden />}
                  onClick={() => {
                    setDialog({ kind: 'children' });
                  }}
                />
              )}
              {flags?.disableLanguageButton !== true && <LanguageSwitcher />}
              {logoutShown(hostKind, navigator.userAgent, 'mobile') && (
                <LogoutButton onLoggedOut={onLoggedOut} />
              )}
            </div>
          </div>
          <div className="mobile-header__welcome">
            <WelcomeText />
            {isParent && user.currentChild && (
              <span className="mobile-header__child">{user.currentChild.realName}</span>
            )}
          </div>
        </header>
        <main className="mobile-desktop__main">
          <section aria-labelledby="mobile-desktop-title">
            <h1 id="mobile-desktop-title" className="visually-hidden">
              {t('desktop.label')}
            </h1>
            {/* My files, a page of the shell, as the PC desktop links it beside its search. */}
            <div className="mobile-desktop__tools">
              <a className="mobile-desktop__my-files" href={myFilesPath(root, isDev)}>
                <img src={MY_FILES_ICON} alt="" width={24} height={24} />
                {t('desktop.myFiles')}
              </a>
            </div>
            {body}
          </section>
          <Footer
            config={unitConfig}
            onVersionInfo={() => {
              setDialog({ kind: 'about' });
            }}
            onHelpCentre={() => {
              void openHelpCentre(user, true);
            }}
          />
        </main>
        {/* The voice button steps aside while anything has the bottom of the screen (a sheet:
          to-do, messages, child picker; a dialog: about, expiry, the module-expired block), so
          it never sits over a sheet's rows, its pager or its buttons. It comes back once that
          closes. */}
        {voice && dialog === null && !todoOpen && licence !== 'expired' && <VoiceButton />}
        <DesktopDialogs
          user={user}
          opened={opened}
          sheet
          todoOpen={todoOpen}
          onCountsChanged={data.refreshCounts}
          root={root}
          licenceExpired={licence === 'expired'}
          sourceName={sourceName}
        />
      </div>
    </AppUnreadCounts>
  );
}
