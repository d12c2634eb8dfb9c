import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import electronUpdater from 'electron-updater';
import type { LangType } from '../contract/languages';
import { bundledResourcesDir, portableUserDataDir } from './app-paths';
import { createBadge } from './attention/badge';
import { BADGE_SCALE_FACTOR, BADGE_SIZE, renderBadge } from './attention/badge-image';
import { createNotifier } from './attention/notifier';
import { platformRouteUrl } from './attention/platform-route';
import { configFileCandidates, loadConfigFile } from './config/config-file';
import { resolveDeployment, type Deployment } from './config/deployment';
import {
  mergeSettings,
  readPolicy,
  readRecommendedPolicy,
  type DeploymentSettings,
} from './config/policy';
import { createRegQueryReader } from './config/registry-reader';
import { wireDownloads } from './downloads/wire-downloads';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './first-run/app-protocol';
import { connectToServer } from './first-run/connect';
import { checkServer } from './first-run/reachability';
import { createMainI18n, pickLanguage } from './i18n/main-i18n';
import { createIpcHandlers, registerIpcHandlers } from './ipc/ipc-handlers';
import { deepLinkFromArgv, describeLink, DEEP_LINK_SCHEME, parseDeepLink } from './links/deep-link';
import { createLogger } from './logging/log';
import { menuTemplate } from './menu';
import { wireSchoolNetwork } from './network/school-network';
import { createCameraExplainer } from './permissions/camera-dialog';
import { applyPermissionPolicy } from './permissions/session-permissions';
import {
  HIDDEN_SWITCH,
  loginItemSettings,
  preferencesFromForm,
  resolvePreferences,
} from './settings/preferences';
import { createSettings } from './settings/settings-store';
import { attachCloseToTray } from './tray/close-to-tray';
import { signOut } from './tray/sign-out';
import { createTray, type TrayController } from './tray/tray';
import { createVault } from './vault/vault';
import { createVaultFileStore } from './vault/vault-store';
import { detectInstallKind } from './updates/install-kind';
import { updatePolicyFrom } from './updates/update-policy';
import { createUpdater } from './updates/updater';
import { applySpellCheck, attachSpellingMenu } from './windows/spelling';
import { APP_SCHEME, isLoginPath } from './windows/url-policy';
import { APPS_PARTITION } from './windows/web-preferences';
import { createWindowManager } from './windows/window-manager';
import { rememberZoom } from './windows/zoom';

/**
 * The Electron client's entry: wires the modules of main/ together. Each concern lives in its
 * own module with its tests; this file only connects them to Electron (docs/desktop-client.md).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

// Before ready: where user data lives, one instance, the app:// scheme, sandbox everywhere.
const portableData = portableUserDataDir(process.env);
if (portableData !== null) app.setPath('userData', portableData);
if (!app.isPackaged && process.env.EDUDESK_USER_DATA_DIR) {
  app.setPath('userData', process.env.EDUDESK_USER_DATA_DIR);
}
// The log IT reads (main/logging/log.ts): <user data>/logs, secrets redacted.
const log = createLogger({
  dir: path.join(app.getPath('userData'), 'logs'),
  ...(app.isPackaged
    ? {}
    : {
        echo: (line: string) => {
          console.warn(line);
        },
      }),
});
const warn = (message: string) => {
  log.warn(message);
};
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
// Windows shows an app's notifications only under its AppUserModelID (electron-builder.yml appId).
app.setAppUserModelId('edu.edudesk.client');

// Pages never get a <webview>, and no window opens unless the client creates it.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

/** Every window of the client: web-preferences.ts sets these; enforced again where it is made. */
function createSecureWindow(options: Electron.BrowserWindowConstructorOptions): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: {
      ...options.webPreferences,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
}

async function readDeploymentSources(): Promise<{
  policy: DeploymentSettings;
  config: DeploymentSettings;
}> {
  const policy = process.platform === 'win32' ? await readPolicy(createRegQueryReader(), warn) : {};
  const found = loadConfigFile(
    configFileCandidates({
      exePath: app.getPath('exe'),
      resourcesPath: process.resourcesPath,
      portableDir: process.env.PORTABLE_EXECUTABLE_DIR,
    }),
    warn,
  );
  const config: DeploymentSettings = { ...found?.settings };
  // Development only: point an unpackaged client at a server without a config.json.
  if (!app.isPackaged && process.env.EDUDESK_SERVER_URL) {
    config.serverUrl = process.env.EDUDESK_SERVER_URL;
  }
  return { policy, config };
}

async function start(): Promise<void> {
  log.info('Starting', { version: app.getVersion(), platform: process.platform });
  const language: LangType = pickLanguage(app.getPreferredSystemLanguages());
  const t = createMainI18n(language);
  const userData = app.getPath('userData');
  const settings = createSettings(userData);
  const sources = await readDeploymentSources();
  let deployment: Deployment = resolveDeployment(
    { ...sources, userChoice: settings.userServerUrl() },
    warn,
  );
  const platformOrigin = () => deployment.server?.origin ?? null;
  let offline = { server: '', error: '' };

  // The user's settings: enforced policy, the user's choice, recommended policy, the default.
  const recommended =
    process.platform === 'win32' ? await readRecommendedPolicy(createRegQueryReader(), warn) : {};
  const preferences = () =>
    resolvePreferences({ enforced: sources.policy, recommended, user: settings.preferences() });
  const applyStartAtLogin = () => {
    // Only the installed client registers itself, never a development Electron.
    if (app.isPackaged) {
      app.setLoginItemSettings(loginItemSettings(preferences().values.startAtLogin));
    }
  };
  applyStartAtLogin();

  const vault = createVault({
    store: createVaultFileStore(userData),
    encryption: safeStorage,
    platform: process.platform,
    warn,
    autoLoginMaxDays: () => deployment.client.autoLoginMaxDays,
  });

  // School networks (main/network/): certificates the policy trusts, proxies that ask a sign-in.
  const networkPages = wireSchoolNetwork({
    trustedFingerprints: sources.policy.trustedCertificateFingerprints,
    forbidSavingProxyLogins: sources.policy.disableProxyCredentialSaving === true,
    vault,
    createWindow: createSecureWindow,
    language: () => language,
    t,
    log,
  });

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      resourcesDir: bundledResourcesDir(app.getAppPath()),
      language: () => language,
      translate: (lang) => (lang === language ? t : createMainI18n(lang)),
      offlineState: () => ({ ...offline, canChangeServer: !deployment.serverLocked }),
      preferences,
      pages: networkPages,
    }),
  );

  // Notifications, badge and tray (docs/desktop-client.md); the tray exists once windows do.
  const iconPath = path.join(bundledResourcesDir(app.getAppPath()), 'icons', 'icon.png');
  let tray: TrayController | null = null;
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  // Electron forgets a notification's click handler once the object is collected.
  const liveNotifications = new Set<Notification>();
  const showNotification = (text: { title: string; body: string }, onClick?: () => void) => {
    const notification = new Notification({ ...text, icon: iconPath, silent: true });
    liveNotifications.add(notification);
    notification.on('click', () => {
      onClick?.();
    });
    notification.on('close', () => {
      liveNotifications.delete(notification);
    });
    notification.show();
    return notification;
  };

  const windows = createWindowManager({
    createWindow: createSecureWindow,
    openInBrowser: (url) => {
      // Reviewed: only http(s) URLs get here (isSafeExternalUrl, window-manager.ts).
      void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    },
    showMessage: (window, options) => {
      void dialog.showMessageBox(window, options);
    },
    preloadPath: path.join(here, 'preload.cjs'),
    iconPath: path.join(bundledResourcesDir(app.getAppPath()), 'icons', 'icon.png'),
    platform: () => deployment.server,
    serverLocked: () => deployment.serverLocked,
    language: () => language,
    t,
    loadWindowState: () =>
      settings.windowState(screen.getAllDisplays().map((display) => display.workArea)),
    saveWindowState: (state) => {
      settings.setWindowState(state);
    },
    connect: (input) =>
      connectToServer(input, (origin) => checkServer(origin, (url, init) => net.fetch(url, init))),
    chooseServer: (server) => {
      settings.setUserServerUrl(server.url);
      deployment = resolveDeployment({ ...sources, userChoice: server.url }, warn);
    },
    setOffline: (server, error) => {
      offline = { server, error };
    },
    warn,
    onMainWindow: (window) => {
      rememberZoom(window, {
        saved: settings.zoomFactor(),
        policyPercent: deployment.client.defaultZoom,
        save: (factor) => {
          settings.setZoomFactor(factor);
        },
      });
      window.on('focus', () => {
        window.flashFrame(false);
      });
      window.webContents.on('did-navigate', () => tray?.update());
      window.webContents.on('did-navigate-in-page', () => tray?.update());
      attachCloseToTray(window, {
        enabled: () => preferences().values.closeToTray,
        quitting: () => quitting,
        explained: () => settings.closeToTrayExplained(),
        explain: () => {
          settings.setCloseToTrayExplained();
          showNotification({
            title: t('main.attention.hiddenTitle'),
            body: t('main.attention.hiddenBody'),
          });
        },
      });
    },
    saveSettings: (params) => {
      settings.setPreferences(preferencesFromForm(params, preferences().locked));
      applyStartAtLogin();
    },
  });

  const openRoute = (route: string) => {
    const origin = platformOrigin();
    const url = origin === null ? null : platformRouteUrl(origin, route);
    if (url !== null) windows.openInMain(url);
  };
  const badge = createBadge({
    window: () => windows.mainWindow(),
    image: (label) =>
      nativeImage.createFromBitmap(renderBadge(label), {
        width: BADGE_SIZE,
        height: BADGE_SIZE,
        scaleFactor: BADGE_SCALE_FACTOR,
      }),
    onChange: () => tray?.update(),
    t,
  });
  const notifier = createNotifier({
    show: showNotification,
    enabled: () => preferences().values.notifications && Notification.isSupported(),
    openRoute,
    onRecentChange: () => tray?.update(),
    t,
    now: () => Date.now(),
  });
  const signedIn = () => {
    const url = windows.mainWindow()?.webContents.getURL() ?? '';
    if (!URL.canParse(url)) return false;
    const page = new URL(url);
    return page.origin === platformOrigin() && !isLoginPath(page.pathname);
  };

  const explainBlockedCamera = createCameraExplainer(t);
  for (const target of [session.defaultSession, session.fromPartition(APPS_PARTITION)]) {
    applyPermissionPolicy(target, { platformOrigin, onCameraAllowed: explainBlockedCamera });
  }

  // Client updates (main/updates/): checks at start and every 4 hours, failures only logged.
  const updatePolicy = updatePolicyFrom(mergeSettings(sources.policy, sources.config), warn);
  const updates = createUpdater({
    kind: detectInstallKind({
      packaged: app.isPackaged,
      env: process.env,
      exePath: app.getPath('exe'),
      fileExists: existsSync,
    }),
    currentVersion: app.getVersion(),
    policy: () => updatePolicy,
    platformOrigin,
    stagingBucket: () => settings.updateStagingBucket(),
    fetch: (url, init) => net.fetch(url, init),
    autoUpdater: () => electronUpdater.autoUpdater,
    log: warn,
  });

  // Downloads, spell check (docs/desktop-client.md, "Downloads", "Zoom and spell check").
  const sessions = [session.defaultSession, session.fromPartition(APPS_PARTITION)];
  for (const target of sessions) applySpellCheck(target);
  wireDownloads(sessions, {
    policy: () => deployment.client,
    rememberedFolder: () => settings.downloadFolder(),
    rememberFolder: (folder) => {
      settings.setDownloadFolder(folder);
    },
    windowOf: (contents) =>
      windows.windows().find((window) => window.webContents === contents) ?? null,
    t,
    warn,
  });
  app.on('web-contents-created', (_event, contents) => {
    attachSpellingMenu(contents, t, (template) => {
      Menu.buildFromTemplate(template).popup();
    });
  });

  registerIpcHandlers(
    ipcMain,
    createIpcHandlers(
      {
        platformOrigin,
        flags: () => deployment.flags,
        deploymentClientId: () => deployment.clientId,
        vault,
        logoutHook: (origin, reason, event) =>
          windows.logoutHook(origin, reason, event.senderFrame?.url ?? null),
        setBadgeCount: (count) => {
          badge.set(count);
        },
        notify: (notification) => {
          notifier.notify(notification);
        },
        updates,
      },
      warn,
    ),
  );

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        t,
        canChangeServer: !deployment.serverLocked,
        devTools: !app.isPackaged,
        actions: {
          changeServer: windows.changeServer,
          reload: windows.reloadMain,
          settings: windows.openSettings,
          openLogFolder: () => {
            void shell.openPath(log.dir);
          },
        },
      }),
    ),
  );

  // edudesk://open?path=… links (main/links/deep-link.ts): at start, from a second instance.
  const openLink = (link: string | null) => {
    if (link === null) return;
    const parsed = parseDeepLink(link);
    if (!parsed.ok) {
      warn(`Refused the link ${describeLink(link)}: ${parsed.reason}`);
      return;
    }
    if (!windows.openRoute(parsed.route)) warn(`No platform server yet for ${parsed.route}`);
  };
  app.on('second-instance', (_event, argv) => {
    windows.focus();
    openLink(deepLinkFromArgv(argv));
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });
  // A start at Windows sign-in with --hidden shows only the tray (settings/preferences.ts).
  windows.start({ hidden: process.argv.includes(HIDDEN_SWITCH) });
  tray = createTray({
    createTray: () => new Tray(iconPath),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    t,
    state: () => ({ count: badge.count(), latest: notifier.recent(), signedIn: signedIn() }),
    actions: {
      open: windows.focus,
      openRoute,
      signOut: () => {
        void signOut({
          platform: () => deployment.server,
          post: (url) =>
            session.defaultSession.fetch(url, { method: 'POST', credentials: 'include' }),
          forget: (origin) => vault.forget(origin),
          reset: () => {
            notifier.clearRecent();
            badge.set(0);
          },
          openMain: windows.openInMain,
          warn,
        });
      },
      quit: () => {
        app.quit();
      },
    },
  });
  updates.start();
  openLink(deepLinkFromArgv(process.argv));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // The installers register the scheme too (electron-builder.yml `protocols`); the portable build
  // points it at the executable the user started, not the folder it unpacks to.
  // Reviewed: our own fixed scheme; every link is checked by parseDeepLink (main/links).
  if (app.isPackaged) {
    const exe = process.env.PORTABLE_EXECUTABLE_FILE ?? process.execPath;
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, exe); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  }
  app.on('window-all-closed', () => {
    app.quit();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('Start failed', { error });
      app.exit(1);
    });
}
