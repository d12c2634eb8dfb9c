import { contextBridge, ipcRenderer } from 'electron';
import {
  createHostBridge,
  platformOriginFromArgv,
  shouldExposeBridge,
} from '../contract/host-bridge';

/**
 * The whole preload: exposes `window.edudesk` (contract/host.ts) to pages of the platform origin
 * only, each call one `ipcRenderer.invoke` (contract/host-bridge.ts). Main passes that origin as
 * a switch, and checks every call's sender origin and arguments again. Neither ipcRenderer nor an
 * event object reaches the page.
 */
if (shouldExposeBridge(window.location.origin, platformOriginFromArgv(process.argv))) {
  contextBridge.exposeInMainWorld(
    'edudesk',
    createHostBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
  );
}
