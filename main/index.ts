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
import electronUpdater from 'electron-updater';
import type { LangType } from '../contract/languages';
import { bundledResourcesDir, portableUserDataDir } from './app-paths';
import { configFileCandidates, loadConfigFile } from './config/config-file';
import { resolveDeployment, type Deployment } from './config/deployment';
import { mergeSettings, readPolicy, type DeploymentSettings } from './config/policy';
import { createRegQueryReader } from './config/registry-reader';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './first-run/app-protocol';
import { connectToServer } from './first-run/connect';
import { checkServer } from './first-run/reachability';
import { createMainI18n, pickLanguage } from './i18n/main-i18n';
import { createIpcHandlers, registerIpcHandlers } from './ipc/ipc-handlers';
import { menuTemplate } from './menu';
import { CAMERA_PRIVACY_SETTINGS, shouldExplainBlockedCamera } from './permissions/camera-blocked';
import { applyPermissionPolicy } from './permissions/session-permissions';
import { createSettings } from './settings/settings-store';
import { createVault } from './vault/vault';
import { createVaultFileStore } from './vault/vault-store';
import { detectInstallKind } from './updates/install-kind';
import { updatePolicyFrom } from './updates/update-policy';
import { createUpdater } from './updates/updater';
import { APP_SCHEME } from './windows/url-policy';
import { APPS_PARTITION } from './windows/web-preferences';
import { createWindowManager } from './windows/window-manager';

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
        actions: { changeServer: windows.changeServer, reload: windows.reloadMain },
      }),
    ),
  );

  app.on('second-instance', () => {
    windows.focus();
  });
  windows.start();
  updates.start();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
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
