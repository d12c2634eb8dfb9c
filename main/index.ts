import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
} from 'electron';
import type { LangType } from '../contract/languages';
import { bundledResourcesDir, portableUserDataDir } from './app-paths';
import { configFileCandidates, loadConfigFile } from './config/config-file';
import { resolveDeployment, type Deployment } from './config/deployment';
import { readPolicy, type DeploymentSettings } from './config/policy';
import { createRegQueryReader } from './config/registry-reader';
import { policyDirectory } from './downloads/download-policy';
import { attachDownloads } from './downloads/downloads';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './first-run/app-protocol';
import { connectToServer } from './first-run/connect';
import { checkServer } from './first-run/reachability';
import { createMainI18n, pickLanguage } from './i18n/main-i18n';
import { createIpcHandlers, registerIpcHandlers } from './ipc/ipc-handlers';
import { deepLinkFromArgv, describeLink, DEEP_LINK_SCHEME, parseDeepLink } from './links/deep-link';
import { menuTemplate } from './menu';
import { CAMERA_PRIVACY_SETTINGS, shouldExplainBlockedCamera } from './permissions/camera-blocked';
import { applyPermissionPolicy } from './permissions/session-permissions';
import { createSettings } from './settings/settings-store';
import { createVault } from './vault/vault';
import { createVaultFileStore } from './vault/vault-store';
import { applySpellCheck, attachSpellingMenu } from './windows/spelling';
import { APP_SCHEME } from './windows/url-policy';
import { APPS_PARTITION } from './windows/web-preferences';
import { createWindowManager } from './windows/window-manager';
import { rememberZoom } from './windows/zoom';

/**
 * The Electron client's entry: wires the modules of main/ together. Each concern lives in its
 * own module with its tests; this file only connects them to Electron (docs/desktop-client.md).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const warn = (message: string) => {
  console.warn(`[edudesk] ${message}`);
};

// Before ready: where user data lives, one instance, the app:// scheme, sandbox everywhere.
const portableData = portableUserDataDir(process.env);
if (portableData !== null) app.setPath('userData', portableData);
if (!app.isPackaged && process.env.EDUDESK_USER_DATA_DIR) {
  app.setPath('userData', process.env.EDUDESK_USER_DATA_DIR);
}
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

// Pages never get a <webview>, and no window opens unless the client creates it.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

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

  const vault = createVault({
    store: createVaultFileStore(userData),
    encryption: safeStorage,
    platform: process.platform,
    warn,
    autoLoginMaxDays: () => deployment.client.autoLoginMaxDays,
  });

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      resourcesDir: bundledResourcesDir(app.getAppPath()),
      language: () => language,
      translate: (lang) => (lang === language ? t : createMainI18n(lang)),
      offlineState: () => ({ ...offline, canChangeServer: !deployment.serverLocked }),
    }),
  );

  const windows = createWindowManager({
    createWindow: (options) =>
      new BrowserWindow({
        ...options,
        webPreferences: {
          ...options.webPreferences,
          // web-preferences.ts sets these; enforced again where every window is made.
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          webSecurity: true,
          webviewTag: false,
          disableBlinkFeatures: 'Auxclick',
        },
      }),
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
    mainWindowCreated: (window) => {
      rememberZoom(window, {
        saved: settings.zoomFactor(),
        policyPercent: deployment.client.defaultZoom,
        save: (factor) => {
          settings.setZoomFactor(factor);
        },
      });
    },
  });

  let cameraExplained = false;
  const explainBlockedCamera = () => {
    if (process.platform !== 'win32') return;
    const status = systemPreferences.getMediaAccessStatus('camera');
    if (!shouldExplainBlockedCamera(process.platform, status, cameraExplained)) return;
    cameraExplained = true;
    const window = BrowserWindow.getFocusedWindow();
    const options = {
      type: 'warning' as const,
      title: t('main.camera.blockedTitle'),
      message: t('main.camera.blockedMessage'),
      buttons: [t('main.camera.openSettings'), t('main.camera.close')],
      defaultId: 0,
      cancelId: 1,
    };
    void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)).then(
      ({ response }) => {
        // Reviewed: a fixed Windows settings URI (camera-blocked.ts), never a URL from a page.
        if (response === 0)
          void shell.openExternal(CAMERA_PRIVACY_SETTINGS); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
      },
    );
  };
  for (const target of [session.defaultSession, session.fromPartition(APPS_PARTITION)]) {
    applyPermissionPolicy(target, { platformOrigin, onCameraAllowed: explainBlockedCamera });
  }

  // Downloads, spell check (docs/desktop-client.md, "Downloads", "Zoom and spell check").
  const downloadDirectory = () => {
    const folder = policyDirectory(deployment.client.downloadDirectory ?? undefined, process.env);
    if (folder.error !== undefined) warn(folder.error);
    return folder.directory;
  };
  const fixedDownloadDirectory = downloadDirectory();
  const messageBox = (window: BrowserWindow | null, options: Electron.MessageBoxOptions) =>
    window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options);
  for (const target of [session.defaultSession, session.fromPartition(APPS_PARTITION)]) {
    applySpellCheck(target);
    attachDownloads(target, {
      policy: () => ({
        directory: fixedDownloadDirectory,
        blockDangerous: deployment.client.blockDangerousDownloads,
      }),
      rememberedFolder: () => settings.downloadFolder(),
      rememberFolder: (folder) => {
        settings.setDownloadFolder(folder);
      },
      defaultFolder: () => app.getPath('downloads'),
      exists: existsSync,
      windowOf: (contents) =>
        windows.windows().find((window) => window.webContents === contents) ?? null,
      showDone: (window, savePath) => {
        void messageBox(window, {
          type: 'info',
          title: t('main.downloads.doneTitle'),
          message: t('main.downloads.doneMessage', { name: path.basename(savePath) }),
          buttons: [t('main.downloads.showInFolder'), t('main.downloads.close')],
          defaultId: 0,
          cancelId: 1,
        }).then(({ response }) => {
          if (response === 0) shell.showItemInFolder(savePath);
        });
      },
      showProblem: (window, kind, name) => {
        void messageBox(window, {
          type: 'warning',
          title: t(
            kind === 'refused' ? 'main.downloads.refusedTitle' : 'main.downloads.failedTitle',
          ),
          message: t(
            kind === 'refused' ? 'main.downloads.refusedMessage' : 'main.downloads.failedMessage',
            { name },
          ),
        });
      },
      warn,
    });
  }
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
        actions: { changeServer: windows.changeServer, reload: windows.reloadMain },
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
  windows.start();
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
      console.error('[edudesk] start failed', error);
      app.exit(1);
    });
}
