import path from 'node:path';
import type { BrowserWindow, DownloadItem, Event, Session, WebContents } from 'electron';
import { decideDownload, type DownloadPolicy } from './download-policy';

/** What the download wiring needs from Electron and the settings (faked in the tests). */
export interface DownloadDeps {
  policy(): DownloadPolicy;
  rememberedFolder(): string | undefined;
  rememberFolder(folder: string): void;
  /** The system's Downloads folder (app.getPath('downloads')). */
  defaultFolder(): string;
  exists(file: string): boolean;
  /** The window whose page started the download (its taskbar button shows the progress). */
  windowOf(contents: WebContents | undefined): BrowserWindow | null;
  /** Tells the user the file is saved, with "Show in folder". */
  showDone(window: BrowserWindow | null, savePath: string): void;
  /** Tells the user a download was refused or failed. */
  showProblem(window: BrowserWindow | null, kind: 'refused' | 'failed', fileName: string): void;
  warn(message: string): void;
}

/**
 * One download (session 'will-download'): the decision of download-policy.ts applied to the
 * item, progress on the window's taskbar button, and a message when it is done.
 */
export function handleDownload(
  event: Event,
  item: DownloadItem,
  contents: WebContents | undefined,
  deps: DownloadDeps,
): void {
  const decision = decideDownload({
    suggestedName: item.getFilename(),
    policy: deps.policy(),
    rememberedFolder: deps.rememberedFolder(),
    defaultFolder: deps.defaultFolder(),
    exists: (file) => deps.exists(file),
  });
  const window = deps.windowOf(contents);
  if (decision.action === 'refuse') {
    event.preventDefault();
    deps.warn(`Refused the download of a dangerous file type: ${decision.fileName}`);
    deps.showProblem(window, 'refused', decision.fileName);
    return;
  }
  if (decision.action === 'save-to') item.setSavePath(decision.savePath);
  else item.setSaveDialogOptions({ defaultPath: decision.defaultPath });

  const setProgress = (value: number) => {
    if (window && !window.isDestroyed()) window.setProgressBar(value);
  };
  item.on('updated', (_event, state) => {
    if (state !== 'progressing') return;
    const total = item.getTotalBytes();
    // Without a known size Windows shows an indeterminate bar (a value above 1).
    setProgress(total > 0 ? Math.min(item.getReceivedBytes() / total, 1) : 2);
  });
  item.once('done', (_event, state) => {
    setProgress(-1);
    const savePath = item.getSavePath();
    if (state === 'completed') {
      if (decision.action === 'ask' && savePath !== '') deps.rememberFolder(path.dirname(savePath));
      deps.showDone(window, savePath);
    } else if (state === 'interrupted') {
      deps.warn(`Download interrupted: ${decision.fileName}`);
      deps.showProblem(window, 'failed', decision.fileName);
    }
  });
}

/** Applies handleDownload to every download of the session. */
export function attachDownloads(session: Pick<Session, 'on'>, deps: DownloadDeps): void {
  session.on('will-download', (event, item, contents) => {
    handleDownload(event, item, contents, deps);
  });
}
