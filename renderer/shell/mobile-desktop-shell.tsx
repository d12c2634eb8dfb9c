import { TeamOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Child } from '../../contract/auth';
import type { ModuleExpiryItem } from '../../contract/desktop';
import { isDev } from '../core/env';
import { getHost } from '../core/host';
import { activeChildren, shouldOpenChildPicker } from '../core/session/children';
import { selectChild } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { readSession, SESSION_KEYS, writeSession } from '../core/storage-keys';
import { useTheme } from '../core/theme/theme-store';
import { useScreenClass } from '../core/use-screen-class';
import { loadExpiryDialog, ModuleExpiredGate, useModuleLicence } from '../features/expiry/index';
import { Footer, openHelpCentre } from '../features/footer/index';
import { HeaderButton, LogoutButton, MessageBell, WelcomeText } from '../features/header/index';
import { LanguageSwitcher } from '../features/language/index';
import { MobileAppGrid } from './mobile-app-grid';
import { categoryName, flatApps, usesCategorisedMenu } from '../features/menu/index';
import { loadTodoPanel, readTodoClosedFlag, shouldShowTodoPanel } from '../features/todo/index';
import { VoiceButton, voiceOffered } from '../features/voice/index';
import { logoutShown } from './logout-shown';
import { UnitBrand } from './unit-brand';
import { useDesktopData } from './use-desktop-data';
import { useHoldCallsWhileFirstDrawn } from './use-hold-calls';
import { usePublishedHeight } from './use-published-height';
import { useOpenApp } from './use-open-app';
import { useHostFlags, useUnitConfig } from './use-shell-config';
import './mobile-desktop.css';
import { loadChildPicker } from '../features/child-picker/index';
import { loadMessagesDialog } from '../features/messages/index';
import { loadAboutDialog } from '../features/about/index';

// Sheets load when first opened: the phone's first download stays small.
const ChildPicker = lazy(async () => ({
  default: (await loadChildPicker()).ChildPicker,
}));
const MessagesDialog = lazy(async () => ({
  default: (await loadMessagesDialog()).MessagesDialog,
}));
const TodoPanel = lazy(async () => ({
  default: (await loadTodoPanel()).TodoPanel,
}));
const ExpiryDialog = lazy(async () => ({
  default: (await loadExpiryDialog()).ExpiryDialog,
}));
const AboutDialog = lazy(async () => ({
  default: (await loadAboutDialog()).AboutDialog,
}));

/** The desktop is the base module: its licence and versions. */
const DESKTOP_MODULE = 'base';

type MobileSheet =
  | { kind: 'messages' }
  | { kind: 'children' }
  | { kind: 'about' }
  | { kind: 'expiry'; modules: ModuleExpiryItem[] }
  | null;

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
  const { t, i18n } = useTranslation();
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
  const [sheet, setSheet] = useState<MobileSheet>(() =>
    isParent &&
    shouldOpenChildPicker(children, readSession(SESSION_KEYS.childId), user.currentChild?.id ?? '')
      ? { kind: 'children' }
      : null,
  );
  const [todoClosed, setTodoClosed] = useState(false);
  // One sheet at a time: the to-do sheet waits while another has the bottom of the screen (the
  // child picker right after sign-in, say), else it would lie over that sheet's rows.
  const todoOpen =
    sheet === null && !todoClosed && shouldShowTodoPanel(data.counts.todo, readTodoClosedFlag());
  // Inside the native app or the desktop client the host signs the user out, not the page.
  const hostKind = getHost().kind;
  // The native app's, or a unit's that offers it in phone browsers too (docs/voice.md).
  const voice = voiceOffered(navigator.userAgent, hostKind, unitConfig?.decorationSet);
  const categorised = usesCategorisedMenu(user.userType, user.unitType);
  const apps = flatApps(data.categories);
  const iconVariant =
    theme.resolved.kind === 'designed' && theme.resolved.name === 'cartoon' ? 'cartoon' : 'colour';
  const close = () => {
    setSheet(null);
  };

  function onChildChosen(child: Child): void {
    writeSession(SESSION_KEYS.childId, child.id);
    selectChild(child);
    setSheet(null);
  }

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
    body = data.categories.map((category) => (
      <section
        key={category.code}
        className="mobile-desktop__category"
        aria-labelledby={`m-category-${category.code}`}
      >
        <h2 id={`m-category-${category.code}`} className="mobile-desktop__category-title">
          {categoryName(category, i18n.language)}
        </h2>
        <MobileAppGrid
          apps={category.iconVMs}
          iconVariant={iconVariant}
          onOpen={openApp}
          label={categoryName(category, i18n.language)}
        />
      </section>
    ));
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
                setSheet({ kind: 'messages' });
              }}
            />
            {isParent && children.length > 1 && (
              <HeaderButton
                label={t('header.switchChild')}
                icon={<TeamOutlined aria-hidden />}
                onClick={() => {
                  setSheet({ kind: 'children' });
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
          {body}
        </section>
        <Footer
          config={unitConfig}
          onVersionInfo={() => {
            setSheet({ kind: 'about' });
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
      {voice && sheet === null && !todoOpen && licence !== 'expired' && <VoiceButton />}
      {todoOpen && (
        <Suspense fallback={null}>
          <TodoPanel
            open
            sheet
            onClose={() => {
              setTodoClosed(true);
            }}
            onChanged={data.refreshCounts}
          />
        </Suspense>
      )}
      {sheet?.kind === 'messages' && (
        <Suspense fallback={null}>
          <MessagesDialog
            open
            sheet
            onClose={close}
            onChanged={data.refreshCounts}
            onOpenExpiry={(modules) => {
              setSheet({ kind: 'expiry', modules });
            }}
          />
        </Suspense>
      )}
      {sheet?.kind === 'expiry' && (
        <Suspense fallback={null}>
          <ExpiryDialog open modules={sheet.modules} unitId={user.unitId} onClose={close} />
        </Suspense>
      )}
      {sheet?.kind === 'about' && (
        <Suspense fallback={null}>
          <AboutDialog open root={root} code={DESKTOP_MODULE} oam={false} onClose={close} />
        </Suspense>
      )}
      {isParent && sheet?.kind === 'children' && (
        <Suspense fallback={null}>
          <ChildPicker
            open
            sheet
            children={user.childList}
            currentChildId={user.currentChild?.id ?? ''}
            closable={children.length > 0}
            onChosen={onChildChosen}
            onClose={close}
          />
        </Suspense>
      )}
      <ModuleExpiredGate expired={licence === 'expired'} />
    </div>
  );
}
