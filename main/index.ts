import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import type { HostConfigFlags } from '../contract/host';
import { IPC } from '../contract/ipc';

/**
 * The Electron client's entry. This is the skeleton the desktop-client issue builds on: one
 * hardened window on the configured server. The credential vault, the deployment policy and
 * the first-run page come with that issue; until then the bridge stores nothing and reports no
 * flags, and the renderer behaves as on the web.
 */
const serverUrl = new URL(process.env.EDUDESK_SERVER_URL ?? 'http://localhost:8080/');
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload.cjs');

const NO_FLAGS: HostConfigFlags = {
  disableAutoLogin: false,
  disableThemeButton: false,
  disableLanguageButton: false,
};

function fromPlatform(frameUrl: string | undefined): boolean {
  try {
    return frameUrl !== undefined && new URL(frameUrl).origin === serverUrl.origin;
  } catch {
    return false;
  }
}

function registerIpc(): void {
  ipcMain.handle(IPC.getConfigFlags, (event) => {
    if (!fromPlatform(event.senderFrame?.url)) throw new Error('Refused: not the platform origin');
    return NO_FLAGS;
  });
  ipcMain.handle(IPC.loadRememberedLogin, (event) => {
    if (!fromPlatform(event.senderFrame?.url)) throw new Error('Refused: not the platform origin');
    return null;
  });
  ipcMain.handle(IPC.saveRememberedLogin, (event) => {
    if (!fromPlatform(event.senderFrame?.url)) throw new Error('Refused: not the platform origin');
  });
  ipcMain.handle(IPC.clearRememberedLogin, (event) => {
    if (!fromPlatform(event.senderFrame?.url)) throw new Error('Refused: not the platform origin');
  });
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'EduDesk',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    const target = new URL(url);
    if (target.protocol === 'http:' || target.protocol === 'https:') void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== serverUrl.origin) event.preventDefault();
  });
  void window.loadURL(serverUrl.href);
}

app.enableSandbox();
void app.whenReady().then(() => {
  registerIpc();
  createWindow();
});
app.on('window-all-closed', () => {
  app.quit();
});
