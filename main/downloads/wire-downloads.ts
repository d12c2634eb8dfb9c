import path from 'node:path';
import { existsSync } from 'node:fs';
import { app, dialog, shell, type BrowserWindow, type Session, type WebContents } from 'electron';
import type { ClientPolicies } from '../config/deployment';
import type { MainTranslate } from '../i18n/main-i18n';
import { policyDirectory } from './download-policy';
import { attachDownloads } from './downloads';

export interface DownloadWiringDeps {
  /** The policy's DownloadDirectory and BlockDangerousDownloads (main/config/deployment.ts). */
  policy: () => Pick<ClientPolicies, 'downloadDirectory' | 'blockDangerousDownloads'>;
  rememberedFolder: () => string | undefined;
  rememberFolder: (folder: string) => void;
  windowOf: (contents: WebContents) => BrowserWindow | null;
  t: MainTranslate;
  warn: (message: string) => void;
}

/**
 * Connects downloads of the given sessions to Electron's dialogs and shell (docs/desktop-client.md,
 * "Downloads"); what to do with each download is decided in download-policy.ts and downloads.ts.
 */
export function wireDownloads(targets: readonly Session[], deps: DownloadWiringDeps): void {
  const { t, warn } = deps;
  // The folder is read once: a policy change takes effect at the next start.
  const folder = policyDirectory(deps.policy().downloadDirectory ?? undefined, process.env);
  if (folder.error !== undefined) warn(folder.error);
  const messageBox = (window: BrowserWindow | null, options: Electron.MessageBoxOptions) =>
    window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options);
  for (const target of targets) {
    attachDownloads(target, {
      policy: () => ({
        directory: folder.directory,
        blockDangerous: deps.policy().blockDangerousDownloads,
      }),
      rememberedFolder: deps.rememberedFolder,
      rememberFolder: deps.rememberFolder,
      defaultFolder: () => app.getPath('downloads'),
      exists: existsSync,
      windowOf: deps.windowOf,
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
}
