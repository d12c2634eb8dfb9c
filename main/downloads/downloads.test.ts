import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { BrowserWindow, Session } from 'electron';
import { describe, expect, it } from 'vitest';
import type { DownloadPolicy } from './download-policy';
import { attachDownloads, type DownloadDeps } from './downloads';

/** Just enough of Electron's DownloadItem. */
class FakeItem extends EventEmitter {
  savePath = '';
  dialogOptions: unknown = null;
  received = 0;
  constructor(
    private readonly name: string,
    private readonly total: number,
  ) {
    super();
  }
  getFilename() {
    return this.name;
  }
  getTotalBytes() {
    return this.total;
  }
  getReceivedBytes() {
    return this.received;
  }
  getSavePath() {
    return this.savePath;
  }
  setSavePath(file: string) {
    this.savePath = file;
  }
  setSaveDialogOptions(options: unknown) {
    this.dialogOptions = options;
  }
  progress(received: number) {
    this.received = received;
    this.emit('updated', {}, 'progressing');
  }
  finish(state: 'completed' | 'cancelled' | 'interrupted') {
    this.emit('done', {}, state);
  }
}

function setup(policy: DownloadPolicy = { blockDangerous: true }) {
  const progress: number[] = [];
  const window = {
    setProgressBar: (value: number) => progress.push(value),
    isDestroyed: () => false,
  } as unknown as BrowserWindow;
  const calls = { done: [] as string[], problems: [] as string[], warnings: [] as string[] };
  let remembered: string | undefined;
  const deps: DownloadDeps = {
    policy: () => policy,
    rememberedFolder: () => remembered,
    rememberFolder: (folder) => {
      remembered = folder;
    },
    defaultFolder: () => '/home/t/Downloads',
    exists: () => false,
    windowOf: () => window,
    showDone: (_window, savePath) => calls.done.push(savePath),
    showProblem: (_window, kind, name) => calls.problems.push(`${kind}:${name}`),
    warn: (message) => calls.warnings.push(message),
  };
  const session = new EventEmitter();
  attachDownloads(session as unknown as Session, deps);
  const download = (item: FakeItem) => {
    const event = { prevented: false, preventDefault() { this.prevented = true; } }; // prettier-ignore
    session.emit('will-download', event, item, undefined);
    return event;
  };
  return { download, progress, calls, remembered: () => remembered };
}

describe('downloads (session will-download)', () => {
  it('asks with the save dialog, shows progress, then offers the folder and remembers it', () => {
    const { download, progress, calls, remembered } = setup();
    const item = new FakeItem('week 3/notes.pdf', 200);
    expect(download(item).prevented).toBe(false);
    expect(item.dialogOptions).toEqual({
      defaultPath: path.join('/home/t/Downloads', 'week 3_notes.pdf'),
    });
    item.progress(50);
    item.progress(200);
    item.savePath = path.join('/home/t/Class', 'week 3_notes.pdf');
    item.finish('completed');
    expect(progress).toEqual([0.25, 1, -1]);
    expect(calls.done).toEqual([item.savePath]);
    expect(remembered()).toBe('/home/t/Class');

    const next = new FakeItem('slides.pptx', 0);
    download(next);
    expect(next.dialogOptions).toEqual({ defaultPath: path.join('/home/t/Class', 'slides.pptx') });
    next.progress(10);
    expect(progress.at(-1)).toBe(2);
  });

  it('refuses a dangerous type, says so and logs it', () => {
    const { download, calls } = setup();
    const item = new FakeItem('homework.pdf.exe', 100);
    expect(download(item).prevented).toBe(true);
    expect(item.savePath).toBe('');
    expect(calls.problems).toEqual(['refused:homework.pdf.exe']);
    expect(calls.warnings[0]).toMatch(/dangerous file type: homework\.pdf\.exe/);
  });

  it('saves into the policy folder without a dialog and keeps the user’s folder', () => {
    const { download, calls, remembered } = setup({ blockDangerous: true, directory: '/srv/dl' });
    const item = new FakeItem('CON', 10);
    download(item);
    expect(item.dialogOptions).toBeNull();
    expect(item.savePath).toBe(path.join('/srv/dl', '_CON'));
    item.finish('completed');
    expect(calls.done).toEqual([path.join('/srv/dl', '_CON')]);
    expect(remembered()).toBeUndefined();
  });

  it('reports a failed download and says nothing about a cancelled one', () => {
    const { download, progress, calls } = setup();
    const failed = new FakeItem('a.zip', 10);
    download(failed);
    failed.finish('interrupted');
    const cancelled = new FakeItem('b.zip', 10);
    download(cancelled);
    cancelled.finish('cancelled');
    expect(calls.problems).toEqual(['failed:a.zip']);
    expect(calls.done).toEqual([]);
    expect(progress).toEqual([-1, -1]);
  });
});
