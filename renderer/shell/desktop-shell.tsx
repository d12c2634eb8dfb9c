import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem, MenuCategory } from '../../contract/desktop';
import { landingRoot, myFilesPath } from '../core/app-url/landing';
import { isDev } from '../core/env';
import { hashRoute, queryParam, useHash } from '../core/hash-route';
import { getHost } from '../core/host';
import { activeChildren } from '../core/session/children';
import type { CurrentUser } from '../core/session/user-mapper';
import { useTheme } from '../core/theme/theme-store';
import { useServerText } from '../core/i18n/traditional';
import { useScreenClass } from '../core/use-screen-class';
import { useVersionCheck } from '../features/about/index';
import { useModuleLicence } from '../features/expiry/index';
import { Footer, openHelpCentre } from '../features/footer/index';
import {
  AppUnreadCounts,
  AppSearchBox,
  flatApps,
  LEFT_MENU_COLUMN_PX,
  LeftMenu,
  menuPanelWidth,
  moveCode,
  saveAppOrder,
  TopMenu,
  usesCategorisedMenu,
  useSourceName,
} from '../features/menu/index';
import { applyMode, saveTheme, type ThemeSelection } from '../features/theme/index';
import { readTodoClosedFlag, shouldShowTodoPanel } from '../features/todo/index';
import { Viewport } from '../features/viewport/index';
import { ZoomWarning } from '../features/zoom-warning/index';
import { UpdateBar } from '../features/client-update/index';
import { RouteOutlet } from '../ui/access/route-outlet';
import { notify } from '../ui/notify/notify';
import { BelowHeader } from './below-header';
import { DesktopApps } from './desktop-apps';
import { DESKTOP_MODULE, DesktopDialogs, useOpenDialogs } from './desktop-dialogs';
import { HeaderActions } from './header-actions';
import { logoutShown } from './logout-shown';
import { MY_FILES_CODE, MY_FILES_ICON, myFilesEntry } from './my-files-entry';
import { ShellLayout } from './shell-layout';
import { UnitBrand } from './unit-brand';
import { useDesktopData } from './use-desktop-data';
import { useHoldCallsWhileFirstDrawn } from './use-hold-calls';
import { useOpenApp } from './use-open-app';
import { useHostFlags, useUnitConfig } from './use-shell-config';
import './desktop.css';

/** The desktop home route (spec §2 /desktop/home). */
const DESKTOP_HOME_ROUTE = '/desktop/home';
/**
 * The desktop's own hash routes: the start, the home route and the settings routes (spec §2).
 * Any other route shows the not-found page.
 */
const DESKTOP_ROUTES = ['/', DESKTOP_HOME_ROUTE, '/desktop/setting', '/areaDesktop/setting'];

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

/**
 * The desktop (spec §2): holds the desktop's state and composes its pieces: the layout
 * (shell-layout), the header's actions (header-actions), the icons (desktop-apps), the dialogs'
 * host (desktop-dialogs) and the footer.
 */
export function DesktopShell({ user, variant, onLoggedOut, homeUrl }: DesktopShellProps) {
  useHoldCallsWhileFirstDrawn();
  const { t, i18n } = useTranslation();
  const data = useDesktopData(user);
  const theme = useTheme();
  const flags = useHostFlags();
  const unitConfig = useUnitConfig();
  const [ordered, setOrdered] = useState<MenuCategory[] | null>(null);
  const children = activeChildren(user.childList);
  const isParent = user.userType === '3';
  const opened = useOpenDialogs(user);
  const { dialog, setDialog } = opened;
  const [savingTheme, setSavingTheme] = useState(false);
  // The left layout's menu, collapsed or expanded: the grid sizes its columns from the rest.
  const [leftMenuWidth, setLeftMenuWidth] = useState(LEFT_MENU_COLUMN_PX);
  const licence = useModuleLicence(DESKTOP_MODULE, user.unitId, isDev);
  const root = landingRoot(window.location.pathname);
  // After the icons: the version check is not what the user waits for (spec §4 still runs it).
  useVersionCheck(root, DESKTOP_MODULE, !data.loading);
  const screen = useScreenClass();
  const compact = variant === 'mobile-desktop' || screen === 'mobile';
  const openApp = useOpenApp(user, variant === 'mobile-desktop');
  // On the desktop home route the header hides the user's messages (spec §2).
  const route = hashRoute(useHash());
  const here = new URL(window.location.href);
  const viewportApp = queryParam(here, 'app');
  const viewportFile = queryParam(here, 'fileId');
  const inViewport = viewportApp !== null && viewportFile !== null;

  // The to-do panel opens by itself when there are to-dos, unless closed this session (spec §4).
  // It waits while a parent's child picker, opened by itself at landing, asks which child: one
  // question at a time, and the drawer is not left over the footer behind the picker.
  const todoOpen =
    dialog?.kind !== 'children' &&
    !opened.todoClosed &&
    shouldShowTodoPanel(data.counts.todo, readTodoClosedFlag());
  const categories = ordered ?? data.categories;
  const categorised = usesCategorisedMenu(user.userType, user.unitType);
  const apps = useMemo(() => flatApps(categories), [categories]);
  const sourceName = useSourceName(data.allApps);
  const local = useServerText();
  const iconVariant =
    theme.resolved.kind === 'designed' && theme.resolved.name === 'cartoon' ? 'cartoon' : 'colour';

  const { reload } = data;
  // Stable callbacks and elements: the memoised menus and icon grids skip the shell's re-renders
  // (counts, flags, licence) unless what they show changed.
  const reorder = useCallback(
    (active: string, over: string): void => {
      const next = reorderWithin(categories, active, over);
      setOrdered(next);
      saveAppOrder(flatApps(next).map((app) => app.code)).catch(() => {
        setOrdered(null);
        reload();
      });
    },
    [categories, reload],
  );
  const onReorder = categorised ? reorder : undefined;
  // My files, a page of the shell: the search finds it beside the applications, and a link
  // beside the search opens it.
  const myFilesUrl = myFilesPath(root, isDev);
  const myFilesName = t('desktop.myFiles');
  const searchable = useMemo(
    () => [...apps, myFilesEntry(myFilesName, t('desktop.myFilesShort'), i18n.language === 'en')],
    [apps, myFilesName, t, i18n.language],
  );
  const openFound = useCallback(
    (app: ApplicationItem) => {
      if (app.code === MY_FILES_CODE) window.location.assign(myFilesUrl);
      else openApp(app);
    },
    [myFilesUrl, openApp],
  );
  const search = useMemo(
    () => (
      <div className="desktop__tools">
        <AppSearchBox
          apps={searchable}
          iconVariant={iconVariant}
          onOpen={openFound}
          shortcut
          className="desktop__search"
        />
        <a className="desktop__my-files" href={myFilesUrl}>
          <img src={MY_FILES_ICON} alt="" width={24} height={24} />
          {myFilesName}
        </a>
      </div>
    ),
    [searchable, iconVariant, openFound, myFilesUrl, myFilesName],
  );

  async function onSaveTheme(selection: ThemeSelection, scope: 'me' | 'unit'): Promise<void> {
    const before = { theme: theme.theme, layout: theme.chosenLayout };
    setSavingTheme(true);
    try {
      await saveTheme(selection.theme, i18n.language, scope);
      notify.success(scope === 'unit' ? t('theme.synced') : t('theme.saved'));
      setDialog(null);
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

  const actions = (
    <HeaderActions
      user={user}
      unreadMessages={data.counts.message}
      onDesktopHome={route === DESKTOP_HOME_ROUTE}
      compact={compact}
      inDesktopClient={getHost().kind === 'desktop'}
      showLogout={logoutShown(getHost().kind, navigator.userAgent, 'pc')}
      flags={flags}
      canSwitchChild={isParent && children.length > 1}
      desktopHref={`${homeUrl}#${DESKTOP_HOME_ROUTE}`}
      onDialog={setDialog}
      onLoggedOut={onLoggedOut}
    />
  );
  const desktopApps = (
    <DesktopApps
      variant={variant}
      screen={screen}
      loading={data.loading}
      categories={categories}
      categorised={categorised}
      iconVariant={iconVariant}
      hidden={inViewport}
      menuWidth={theme.layout === 'left' ? leftMenuWidth : 0}
      onOpen={openApp}
      search={search}
      {...(onReorder ? { onReorder } : {})}
    />
  );
  const content = (
    <>
      <ZoomWarning />
      <UpdateBar host={getHost()} />
      {inViewport && <Viewport app={viewportApp} fileId={viewportFile} />}
      <RouteOutlet
        path={route}
        homeHref={`#${DESKTOP_HOME_ROUTE}`}
        // The desktop's way back, worded as the not-found page's outside it.
        homeLabel={t('ui.notFound.desktop')}
        routes={DESKTOP_ROUTES.map((path) => ({ path, element: desktopApps }))}
      />
      <Footer
        config={unitConfig}
        onVersionInfo={() => {
          setDialog({ kind: 'about' });
        }}
        onHelpCentre={() => {
          void openHelpCentre(user, compact);
        }}
      />
      <DesktopDialogs
        user={user}
        opened={opened}
        todoOpen={todoOpen}
        onCountsChanged={data.refreshCounts}
        root={root}
        licenceExpired={licence === 'expired'}
        sourceName={sourceName}
        theme={{
          current: { theme: theme.theme, layout: theme.chosenLayout },
          isAdmin: data.isAdmin,
          saving: savingTheme,
          onSave: (selection, scope) => void onSaveTheme(selection, scope),
        }}
      />
    </>
  );
  return (
    <AppUnreadCounts value={data.unread}>
      <BelowHeader>
        <ShellLayout
          layout={theme.layout}
          brand={<UnitBrand />}
          menu={
            theme.layout === 'left' ? (
              <LeftMenu
                apps={apps}
                iconVariant={iconVariant}
                unitName={local(
                  i18n.language === 'en' && user.unitEnName !== ''
                    ? user.unitEnName
                    : user.unitName,
                )}
                userId={user.userId}
                onOpen={openApp}
                onWidthChange={setLeftMenuWidth}
              />
            ) : (
              <TopMenu
                categories={categories}
                categorised={categorised}
                panelWidth={menuPanelWidth(user.userType, user.unitType)}
                iconVariant={iconVariant}
                onOpen={openApp}
                {...(onReorder ? { onReorder } : {})}
              />
            )
          }
          actions={actions}
        >
          {content}
        </ShellLayout>
      </BelowHeader>
    </AppUnreadCounts>
  );
}
