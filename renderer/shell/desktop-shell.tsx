import { BgColorsOutlined, DownloadOutlined, HomeOutlined, TeamOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ThemeSelection } from '../features/theme/theme-dialog';
import { useTranslation } from 'react-i18next';
import type { Child } from '../../contract/auth';
import type { ApplicationItem, MenuCategory, ModuleExpiryItem } from '../../contract/desktop';
import { launchApp } from '../core/app-url/app-url';
import { landingRoot } from '../core/app-url/landing';
import { isDev } from '../core/env';
import { hashRoute, queryParam, useHash } from '../core/hash-route';
import { getHost } from '../core/host';
import type { CurrentUser } from '../core/session/user-mapper';
import {
  readLocal,
  readSession,
  recentAppsKey,
  SESSION_KEYS,
  writeLocal,
  writeSession,
} from '../core/storage-keys';
import { activeChildren, shouldOpenChildPicker } from '../core/session/children';
import { selectChild } from '../core/session/session-store';
import type { UnitLoginConfig } from '../../contract/auth';
import type { HostConfigFlags } from '../../contract/host';
import { DESKTOP_PERMISSION_CODES } from '../../contract/desktop-codes';
import { can, usePermissions } from '../core/permissions/permission-store';
import { Access } from '../ui/access/access';
import { RouteOutlet } from '../ui/access/route-outlet';
import { SUCCESS_STATUS } from '../../contract/envelope';
import { useTheme } from '../core/theme/theme-store';
import { useScreenClass } from '../core/use-screen-class';
import { useVersionCheck } from '../features/about/use-version-check';
import { ModuleExpiredBlock } from '../features/expiry/module-expired-block';
import { useModuleLicence } from '../features/expiry/use-module-licence';
import { Footer } from '../features/footer/footer';
import { FullscreenToggle } from '../features/header/fullscreen-toggle';
import { HeaderButton } from '../features/header/header-button';
import { LogoutButton } from '../features/header/logout-button';
import { MessageBell } from '../features/header/message-bell';
import { WelcomeText } from '../features/header/welcome-text';
import { LanguageSwitcher } from '../features/language/language-switcher';
import { fetchLoginConfig } from '../features/login/api';
import { readTodoClosedFlag, shouldShowTodoPanel } from '../features/todo/todo-rules';
import { recordAccess, saveAppOrder } from '../features/menu/api';
import { appWindowTarget } from '../../contract/window-targets';
import { openSso } from '../features/menu/sso';
import { openHelpCentre } from '../features/footer/help-centre';
import { AppGrid } from '../features/menu/app-grid';
import { menuPanelWidth, usesCategorisedMenu } from '../features/menu/menu-fit';
import { LeftMenu } from '../features/menu/left-menu';
import { TopMenu } from '../features/menu/top-menu';
import { categoryName, flatApps, moveCode, rememberRecent } from '../features/menu/visible-apps';
import { saveTheme } from '../features/theme/api';
import { applyMode } from '../features/theme/theme-choice';
import { RoleSwitcher } from '../features/role-switch/role-switcher';
import { Viewport } from '../features/viewport/viewport';
import { ZoomWarning } from '../features/zoom-warning/zoom-warning';
import { notify } from '../ui/notify/notify';
import { LeftLayout } from './left-layout';
import { TopLayout } from './top-layout';
import { UnitBrand } from './unit-brand';
import { useDesktopData } from './use-desktop-data';

// Dialogs and panels load when first opened: the desktop's first download stays small.
const AboutDialog = lazy(async () => ({
  default: (await import('../features/about/about-dialog')).AboutDialog,
}));
const ChildPicker = lazy(async () => ({
  default: (await import('../features/child-picker/child-picker')).ChildPicker,
}));
const ClientDownloadDialog = lazy(async () => ({
  default: (await import('../features/client-download/client-download-dialog'))
    .ClientDownloadDialog,
}));
const ExpiryDialog = lazy(async () => ({
  default: (await import('../features/expiry/expiry-dialog')).ExpiryDialog,
}));
const MessagesDialog = lazy(async () => ({
  default: (await import('../features/messages/messages-dialog')).MessagesDialog,
}));
const ThemeDialog = lazy(async () => ({
  default: (await import('../features/theme/theme-dialog')).ThemeDialog,
}));
const TodoPanel = lazy(async () => ({
  default: (await import('../features/todo/todo-panel')).TodoPanel,
}));

/** Where the client download dialog's links point (spec §2: a configurable base). */
export const CLIENT_DOWNLOAD_BASE = '/downloads/';
/** The desktop home route (spec §2 /desktop/home). */
const DESKTOP_HOME_ROUTE = '/desktop/home';
/**
 * The desktop's own hash routes: the start, the home route and the settings routes (spec §2).
 * Any other route shows the not-found page.
 */
const DESKTOP_ROUTES = ['/', DESKTOP_HOME_ROUTE, '/desktop/setting', '/areaDesktop/setting'];
/** The desktop is the base module: its licence, versions and permission codes. */
const DESKTOP_MODULE = 'base';

type Dialog = 'messages' | 'about' | 'download' | 'children' | null;

export interface DesktopShellProps {
  user: CurrentUser;
  variant: 'desktop' | 'area-desktop' | 'mobile-desktop';
  onLoggedOut: () => void;
  /** The landing page URL, for the desktop button. */
  homeUrl: string;
}

function reorderWithin(categories: MenuCategory[], active: string, over: string): MenuCategory[] {
  return categories.map((category) => {
    const codes = category.iconVMs.map((app) => app.code);
    if (!codes.includes(active) || !codes.includes(over)) return category;
    const order = moveCode(codes, active, codes.indexOf(over));
    const byCode = new Map(category.iconVMs.map((app) => [app.code, app]));
    return { ...category, iconVMs: order.flatMap((code) => byCode.get(code) ?? []) };
  });
}

/** The desktop: header with menu and actions, the icons, and the dialogs (spec §2). */
export function DesktopShell({ user, variant, onLoggedOut, homeUrl }: DesktopShellProps) {
  const { t, i18n } = useTranslation();
  const data = useDesktopData(user);
  const theme = useTheme();
  const [ordered, setOrdered] = useState<MenuCategory[] | null>(null);
  const [themeOpen, setThemeOpen] = useState(false);
  const children = activeChildren(user.childList);
  const isParent = user.userType === '3';
  // The child picker opens by itself when the saved choice differs from the current child (§4).
  const [dialog, setDialog] = useState<Dialog>(() =>
    isParent &&
    shouldOpenChildPicker(children, readSession(SESSION_KEYS.childId), user.currentChild?.id ?? '')
      ? 'children'
      : null,
  );
  const [todoClosed, setTodoClosed] = useState(false);
  const [expiryModules, setExpiryModules] = useState<ModuleExpiryItem[] | null>(null);
  const [loginConfig, setLoginConfig] = useState<UnitLoginConfig | null>(null);
  const licence = useModuleLicence(DESKTOP_MODULE, user.unitId, isDev);
  const root = landingRoot(window.location.pathname);
  // After the icons: the version check is not what the user waits for (spec §4 still runs it).
  useVersionCheck(root, DESKTOP_MODULE, !data.loading);

  // Deployment flags of the host (Group Policy in the desktop client) hide buttons (spec §2).
  const [flags, setFlags] = useState<HostConfigFlags | null>(null);
  useEffect(() => {
    let active = true;
    getHost()
      .getConfigFlags()
      .then((loaded) => {
        if (active) setFlags(loaded);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    let active = true;
    fetchLoginConfig(window.location.host)
      .then((answer) => {
        if (active && answer.status === SUCCESS_STATUS) setLoginConfig(answer.data);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  // The to-do panel opens by itself when there are to-dos, unless closed this session (spec §4).
  const todoOpen = !todoClosed && shouldShowTodoPanel(data.counts.todo, readTodoClosedFlag());

  function onChildChosen(child: Child): void {
    writeSession(SESSION_KEYS.childId, child.id);
    selectChild(child);
    setDialog(null);
  }
  const [savingTheme, setSavingTheme] = useState(false);
  const categories = ordered ?? data.categories;
  const categorised = usesCategorisedMenu(user.userType, user.unitType);
  const iconVariant =
    theme.resolved.kind === 'designed' && theme.resolved.name === 'cartoon' ? 'cartoon' : 'colour';
  const inDesktopClient = getHost().kind === 'desktop';
  const screen = useScreenClass();
  // On the desktop home route the header hides the user's messages (spec §2).
  const route = hashRoute(useHash());
  const onDesktopHome = route === DESKTOP_HOME_ROUTE;
  // Only an admin may sync the theme (spec §6), where the unit grants the code.
  const canSyncTheme = usePermissions((state) => can(state, DESKTOP_PERMISSION_CODES.themeSync));
  const compact = variant === 'mobile-desktop' || screen === 'mobile';
  const here = new URL(window.location.href);
  const viewportApp = queryParam(here, 'app');
  const viewportFile = queryParam(here, 'fileId');

  function openApp(app: ApplicationItem): void {
    const launch = launchApp(app, user, {
      isDev,
      mobile: variant === 'mobile-desktop',
      firstLoginPage: false,
    });
    switch (launch.kind) {
      case 'ignore':
        return;
      case 'rejected':
        notify.warning(t('menu.rejected'));
        return;
      case 'sso':
        // A failed call has already shown its error; an unoffered provider says so.
        void openSso(launch.provider)
          .then((opened) => {
            if (!opened) notify.info(t('menu.notAvailable'));
          })
          .catch(() => undefined);
        return;
      case 'new-window':
        window.open(launch.url, appWindowTarget(app.code), 'noopener,noreferrer');
        return;
      case 'navigate': {
        const key = recentAppsKey(user.userId);
        const recent = (readLocal(key) ?? '').split(',').filter(Boolean);
        writeLocal(key, rememberRecent(recent, app.code).join(','));
        void recordAccess(user, app).catch(() => undefined);
        window.location.assign(launch.url);
        return;
      }
    }
  }

  function reorder(active: string, over: string): void {
    const next = reorderWithin(categories, active, over);
    setOrdered(next);
    saveAppOrder(flatApps(next).map((app) => app.code)).catch(() => {
      setOrdered(null);
      data.reload();
    });
  }

  async function onSaveTheme(selection: ThemeSelection, scope: 'me' | 'unit'): Promise<void> {
    const before = { theme: theme.theme, layout: theme.chosenLayout };
    setSavingTheme(true);
    try {
      await saveTheme(selection.theme, i18n.language, scope);
      notify.success(scope === 'unit' ? t('theme.synced') : t('theme.saved'));
      setThemeOpen(false);
      const mode = applyMode(before, selection);
      theme.setTheme(selection.theme);
      if (selection.layout !== before.layout) theme.setLayout(selection.layout, user.unitId);
      if (mode === 'reload') window.location.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setSavingTheme(false);
    }
  }

  const apps = flatApps(categories);
  const onReorder = categorised ? reorder : undefined;

  const actions = (
    <>
      {!compact && <WelcomeText />}
      {!onDesktopHome && (
        <MessageBell
          unread={data.counts.message}
          onOpen={() => {
            setDialog('messages');
          }}
        />
      )}
      <HeaderButton
        label={t('header.desktop')}
        icon={<HomeOutlined aria-hidden />}
        onClick={() => {
          window.location.assign(`${homeUrl}#${DESKTOP_HOME_ROUTE}`);
        }}
      />
      {isParent && children.length > 1 && (
        <HeaderButton
          label={t('header.switchChild')}
          icon={<TeamOutlined aria-hidden />}
          onClick={() => {
            setDialog('children');
          }}
        />
      )}
      {!inDesktopClient && !compact && (
        <Access code={DESKTOP_PERMISSION_CODES.clientDownload}>
          <HeaderButton
            label={t('header.clientDownload')}
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => {
              setDialog('download');
            }}
          />
        </Access>
      )}
      {flags?.disableThemeButton !== true && (
        <HeaderButton
          label={t('header.theme')}
          icon={<BgColorsOutlined aria-hidden />}
          onClick={() => {
            setThemeOpen(true);
          }}
        />
      )}
      {!compact && <FullscreenToggle />}
      <RoleSwitcher
        userId={user.userId}
        userType={user.userType}
        onDesktop
        onSwitched={() => {
          window.location.assign('/login');
        }}
      />
      {flags?.disableLanguageButton !== true && <LanguageSwitcher />}
      {!inDesktopClient && <LogoutButton onLoggedOut={onLoggedOut} />}
    </>
  );
  const desktopSection = (
    <section
      className={`desktop desktop--${variant} screen-${screen}`}
      aria-labelledby="desktop-title"
      hidden={viewportApp !== null && viewportFile !== null}
    >
      <h1 id="desktop-title" className="visually-hidden">
        {t('desktop.label')}
      </h1>
      {data.loading ? (
        <div className="desktop__loading" role="status">
          <Spin />
        </div>
      ) : apps.length === 0 ? (
        <Empty description={t('menu.empty')} />
      ) : categorised ? (
        categories.map((category) => (
          <section
            key={category.code}
            className="desktop__category"
            aria-labelledby={`category-${category.code}`}
          >
            <h2 id={`category-${category.code}`} className="desktop__category-title">
              {categoryName(category, i18n.language)}
            </h2>
            <AppGrid
              apps={category.iconVMs}
              iconVariant={iconVariant}
              onOpen={openApp}
              label={categoryName(category, i18n.language)}
              {...(onReorder ? { onReorder } : {})}
            />
          </section>
        ))
      ) : (
        <AppGrid apps={apps} iconVariant={iconVariant} onOpen={openApp} label={t('menu.apps')} />
      )}
    </section>
  );
  const content = (
    <>
      <ZoomWarning />
      {viewportApp !== null && viewportFile !== null && (
        <Viewport app={viewportApp} fileId={viewportFile} />
      )}
      <RouteOutlet
        path={route}
        homeHref={`#${DESKTOP_HOME_ROUTE}`}
        routes={DESKTOP_ROUTES.map((path) => ({ path, element: desktopSection }))}
      />
      <Footer
        config={loginConfig}
        onVersionInfo={() => {
          setDialog('about');
        }}
        onHelpCentre={() => {
          void openHelpCentre(user, compact);
        }}
      />
      {dialog === 'messages' && (
        <Suspense fallback={null}>
          <MessagesDialog
            open
            onClose={() => {
              setDialog(null);
            }}
            onChanged={data.refreshCounts}
            onOpenExpiry={(modules) => {
              setDialog(null);
              setExpiryModules(modules);
            }}
          />
        </Suspense>
      )}
      {expiryModules !== null && (
        <Suspense fallback={null}>
          <ExpiryDialog
            open
            modules={expiryModules}
            unitId={user.unitId}
            onClose={() => {
              setExpiryModules(null);
            }}
          />
        </Suspense>
      )}
      {todoOpen && (
        <Suspense fallback={null}>
          <TodoPanel
            open
            onClose={() => {
              setTodoClosed(true);
            }}
            onChanged={data.refreshCounts}
          />
        </Suspense>
      )}
      {dialog === 'about' && (
        <Suspense fallback={null}>
          <AboutDialog
            open
            root={root}
            code={DESKTOP_MODULE}
            oam={false}
            onClose={() => {
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      {dialog === 'download' && (
        <Suspense fallback={null}>
          <ClientDownloadDialog
            open
            baseUrl={CLIENT_DOWNLOAD_BASE}
            onClose={() => {
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      {isParent && dialog === 'children' && (
        <Suspense fallback={null}>
          <ChildPicker
            open
            children={user.childList}
            currentChildId={user.currentChild?.id ?? ''}
            closable={children.length > 0}
            onChosen={onChildChosen}
            onClose={() => {
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      <ModuleExpiredBlock open={licence === 'expired'} />
      {themeOpen && (
        <Suspense fallback={null}>
          <ThemeDialog
            open
            current={{ theme: theme.theme, layout: theme.chosenLayout }}
            isAdmin={data.isAdmin && canSyncTheme}
            saving={savingTheme}
            onSave={(selection, scope) => void onSaveTheme(selection, scope)}
            onClose={() => {
              setThemeOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
  if (theme.layout === 'left') {
    return (
      <LeftLayout
        brand={<UnitBrand />}
        menu={
          <LeftMenu
            apps={apps}
            iconVariant={iconVariant}
            unitName={
              i18n.language === 'en' && user.unitEnName !== '' ? user.unitEnName : user.unitName
            }
            userId={user.userId}
            onOpen={openApp}
          />
        }
        actions={actions}
      >
        {content}
      </LeftLayout>
    );
  }
  return (
    <TopLayout
      brand={<UnitBrand />}
      menu={
        <TopMenu
          categories={categories}
          categorised={categorised}
          panelWidth={menuPanelWidth(user.userType, user.unitType)}
          iconVariant={iconVariant}
          onOpen={openApp}
          {...(onReorder ? { onReorder } : {})}
        />
      }
      actions={actions}
    >
      {content}
    </TopLayout>
  );
}
