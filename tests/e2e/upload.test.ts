import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import { buildApp } from '../../server/app';
import { DEFAULT_OPTIONS } from '../../server/config';
import {
  DEMO_PASSWORD,
  WEB_ROOT,
  keepScreenshot,
  launchBrowser,
  openPage,
  setMd5WorkerPolicy,
  signIn,
  wholeChunksOnServer,
  type OpenedPage,
} from './harness';

/**
 * Uploads end to end: real files generated here, uploaded from Chromium through the My files
 * page to the reference server (SQLite, files on disk), which is stopped and restarted mid-upload
 * by one test. Counts are taken on the server, so "only the missing chunks were sent" is a fact,
 * not an estimate.
 */

const MIB = 1024 * 1024;
const CHUNK = 2 * MIB;
const PAGE = '/pages/base/pc_myFiles_all/index.html';
const CHUNK_PATH = STORAGE_API.chunkUpload;

/** The reference server on a fixed port and data folder, so it can stop and come back. */
class RestartableServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-upload-'));
  port = 0;
  private app: FastifyInstance | null = null;
  /** Requests received, by path, since the counters were reset. */
  readonly received = new Map<string, number>();
  /** Chunk uploads answered 200 (a chunk stored), since the counters were reset. */
  chunksStored = 0;
  /** A delay before each chunk upload is handled (a slow network), in ms. */
  chunkDelayMs = 0;
  /** Called after each stored chunk with the running count. */
  onChunkStored: ((count: number) => void) | null = null;
  /**
   * While set, chunk uploads wait before their handler; `dropHeldChunks` then refuses them
   * unhandled. A test that must pause, cancel or reload mid-upload holds the rest of the chunks,
   * so the upload cannot end before the click however slow the machine (a CI run on two loaded
   * cores clicked Pause on an upload that had finished).
   */
  private hold: { released: Promise<void>; release: () => void } | null = null;

  get url(): string {
    return `http://localhost:${String(this.port)}`;
  }

  async start(): Promise<void> {
    const app = await buildApp({
      ...DEFAULT_OPTIONS,
      dataDir: this.dataDir,
      webRoot: WEB_ROOT,
      host: '127.0.0.1',
      logger: false,
    });
    app.addHook('onRequest', (request, _reply, done) => {
      const url = request.url.split('?')[0] ?? '';
      this.received.set(url, (this.received.get(url) ?? 0) + 1);
      done();
    });
    app.addHook('preHandler', async (request, reply) => {
      if (!request.url.startsWith(CHUNK_PATH)) return;
      if (this.chunkDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.chunkDelayMs));
      }
      const hold = this.hold;
      if (hold) {
        await hold.released;
        return reply.code(503).send({ code: 503, msg: 'held by the test, never handled' });
      }
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.url.startsWith(CHUNK_PATH) && reply.statusCode === 200) {
        this.chunksStored += 1;
        this.onChunkStored?.(this.chunksStored);
      }
      done();
    });
    await app.listen({ port: this.port, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.port = address.port;
    this.app = app;
  }

  /** Stops like a crash: every connection cut at once. */
  async stop(): Promise<void> {
    this.dropHeldChunks();
    const app = this.app;
    this.app = null;
    if (!app) return;
    app.server.closeAllConnections();
    await app.close();
  }

  /** From now on, chunk uploads wait before their handler (nothing more is stored). */
  holdChunks(): void {
    if (this.hold) return;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.hold = { released, release };
  }

  /** Lets the held chunk uploads go, refused without being handled: nothing of them is stored. */
  dropHeldChunks(): void {
    this.hold?.release();
    this.hold = null;
  }

  count(pathname: string): number {
    return this.received.get(pathname) ?? 0;
  }

  reset(): void {
    this.dropHeldChunks();
    this.received.clear();
    this.chunksStored = 0;
    this.chunkDelayMs = 0;
    this.onChunkStored = null;
  }

  storedPath(md5: string): string {
    return path.join(this.dataDir, 'storage', 'files', md5.slice(0, 2), md5);
  }

  chunksOnDisk(md5: string): Promise<number> {
    return wholeChunksOnServer(this.dataDir, md5, CHUNK);
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');
const md5OfFile = (file: string) => md5Of(readFileSync(file));

const filesDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-files-'));

/** A file of random bytes, written for this run. */
function makeFile(name: string, size: number): { path: string; md5: string; size: number } {
  const data = randomBytes(size);
  const file = path.join(filesDir, name);
  writeFileSync(file, data);
  return { path: file, md5: md5Of(data), size };
}

/** A real PNG (RGB gradient), so the browser decodes and shrinks it. */
function makePng(name: string, width: number, height: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = (x * 255) / width;
      rows[row + 2 + x * 3] = (y * 255) / height;
      rows[row + 3 + x * 3] = 128;
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(filesDir, name);
  writeFileSync(file, png);
  return file;
}

function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

const server = new RestartableServer();
let browser: Browser;
let opened: OpenedPage | null = null;

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
});
afterEach(async () => {
  if (opened) {
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  }
  opened = null;
  server.reset();
});
afterAll(async () => {
  await browser.close();
  await server.dispose();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Opens My files: the page sends a visitor without a session to sign in, then back. */
/** What each MD5 of the page reported (engine, bytes, where it ran and how it read). */
function hashMeasures(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByName('edudesk-upload-md5')
      .map((entry) => (entry as PerformanceMeasure).detail as unknown),
  );
}

async function openMyFiles(): Promise<Page> {
  opened = await openPage(browser, `${server.url}${PAGE}`);
  const { page } = opened;
  await page.waitForURL(/\/login/);
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(`${server.url}${PAGE}`);
  try {
    await page.getByRole('heading', { name: '我的文件' }).waitFor({ timeout: 15_000 });
  } catch (error) {
    await keepScreenshot(page, 'debug-open');
    console.error(await page.content());
    throw error;
  }
  return page;
}

/** The file input of the "选择文件" button (antd renders a hidden input beside it). */
function fileInput(page: Page) {
  return page.locator('.ant-upload input[type=file]:not([webkitdirectory])').first();
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

async function waitForState(page: Page, name: string, state: string, timeout = 60_000) {
  await row(page, name).locator(`[data-upload-state="${state}"]`).waitFor({ timeout });
}

function storedMatches(file: { md5: string }): void {
  expect(existsSync(server.storedPath(file.md5))).toBe(true);
  expect(md5OfFile(server.storedPath(file.md5))).toBe(file.md5);
}

describe('uploads from the My files page', () => {
  const zero = makeFile('empty.bin', 0);
  const one = makeFile('one-byte.bin', 1);
  const exact = makeFile('exactly-2mb.bin', CHUNK);
  const over = makeFile('2mb-plus-one.bin', CHUNK + 1);
  const big = makeFile('课堂录像 50MB.mp4', 50 * MIB);

  it('uploads 0 B, 1 B, 2 MB, 2 MB + 1 B and 50 MB; the server stores each exactly', async () => {
    const page = await openMyFiles();
    await fileInput(page).setInputFiles([zero.path, one.path, exact.path, over.path, big.path]);
    for (const file of [zero, one, exact, over, big]) {
      await waitForState(page, path.basename(file.path), 'done');
      storedMatches(file);
    }
    // Files up to one chunk go in one request each; the others in chunks, then a merge.
    expect(server.count(STORAGE_API.upload)).toBe(3);
    expect(server.chunksStored).toBe(2 + 25);
    expect(server.count(STORAGE_API.mergeFile)).toBe(2);
    await expect(row(page, '课堂录像 50MB.mp4').getByRole('status').textContent()).resolves.toBe(
      '已完成',
    );
    await keepScreenshot(page, 'upload-done');

    // The same content again: an instant upload, not one byte of it sent.
    server.reset();
    await page.getByRole('button', { name: '清除已结束' }).click();
    await fileInput(page).setInputFiles(big.path);
    await waitForState(page, path.basename(big.path), 'done');
    await expect(row(page, '课堂录像 50MB.mp4').getByRole('status').textContent()).resolves.toBe(
      '已完成（秒传）',
    );
    expect(server.count(STORAGE_API.secondUploadCheck)).toBe(1);
    expect(server.count(CHUNK_PATH) + server.count(STORAGE_API.upload)).toBe(0);
  });

  it('hashes in a Web Worker with WebAssembly', async () => {
    const page = await openMyFiles();
    const file = makeFile('hash-in-worker.bin', 3 * MIB);
    await fileInput(page).setInputFiles(file.path);
    await waitForState(page, 'hash-in-worker.bin', 'done');
    const measures = await hashMeasures(page);
    // Read straight into the hashing block (a BYOB stream reader).
    expect(measures).toContainEqual({
      engine: 'wasm',
      bytes: 3 * MIB,
      inWorker: true,
      reading: 'byob',
    });
    storedMatches(file);
  });

  it('falls back to spark-md5 in the worker where a strict CSP forbids WebAssembly', async () => {
    opened = await openPage(browser, `${server.url}/login`);
    await setMd5WorkerPolicy(opened.context, "script-src 'self'");
    const { page } = opened;
    await page.goto(`${server.url}${PAGE}`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('heading', { name: '我的文件' }).waitFor();
    const file = makeFile('hash-spark.bin', 3 * MIB + 5);
    await fileInput(page).setInputFiles(file.path);
    await waitForState(page, 'hash-spark.bin', 'done');
    const measures = await hashMeasures(page);
    expect(measures).toContainEqual({
      engine: 'spark',
      bytes: 3 * MIB + 5,
      inWorker: true,
      reading: 'byob',
    });
    storedMatches(file);
  });

  it('pauses (nothing is sent while paused), resumes, and sends every chunk once', async () => {
    const page = await openMyFiles();
    const file = makeFile('pause-resume.mp4', 50 * MIB);
    server.chunkDelayMs = 150;
    const started = new Promise<void>((resolve) => {
      server.onChunkStored = (count) => {
        if (count !== 3) return;
        server.holdChunks();
        resolve();
      };
    });
    await fileInput(page).setInputFiles(file.path);
    await started;
    await page.getByRole('button', { name: '暂停：pause-resume.mp4' }).click();
    await waitForState(page, 'pause-resume.mp4', 'paused');
    await page.waitForTimeout(400);
    const whilePaused = server.count(CHUNK_PATH);
    await page.waitForTimeout(1000);
    expect(server.count(CHUNK_PATH)).toBe(whilePaused);
    await keepScreenshot(page, 'upload-paused');

    // Nothing of the closed requests is pending any more (the held ones are never handled):
    // the server's disk is the truth.
    const onDisk = await server.chunksOnDisk(file.md5);
    const sentBefore = server.count(CHUNK_PATH);
    server.dropHeldChunks();
    server.chunkDelayMs = 0;
    await page.getByRole('button', { name: '继续：pause-resume.mp4' }).click();
    await waitForState(page, 'pause-resume.mp4', 'done');
    // Only the chunks the server did not have were sent again.
    expect(server.count(CHUNK_PATH) - sentBefore).toBe(25 - onDisk);
    storedMatches(file);
  });

  it('aborts an upload for good', async () => {
    const page = await openMyFiles();
    const file = makeFile('abort.mp4', 50 * MIB);
    server.chunkDelayMs = 150;
    const started = new Promise<void>((resolve) => {
      server.onChunkStored = (count) => {
        if (count !== 2) return;
        server.holdChunks();
        resolve();
      };
    });
    await fileInput(page).setInputFiles(file.path);
    await started;
    await page.getByRole('button', { name: '取消：abort.mp4' }).click();
    await waitForState(page, 'abort.mp4', 'cancelled');
    await page.waitForTimeout(400);
    const after = server.count(CHUNK_PATH);
    await page.waitForTimeout(1000);
    expect(server.count(CHUNK_PATH)).toBe(after);
    expect(server.count(STORAGE_API.mergeFile)).toBe(0);
    expect(existsSync(server.storedPath(file.md5))).toBe(false);
  });

  it('resumes after the server stopped mid-upload, sending only the missing chunks', async () => {
    const page = await openMyFiles();
    const file = makeFile('server-restart.mp4', 50 * MIB);
    server.chunkDelayMs = 100;
    let onDiskAtRestart = -1;
    const restarted = new Promise<void>((resolve, reject) => {
      server.onChunkStored = (count) => {
        if (count !== 8) return;
        server.onChunkStored = null;
        setImmediate(() => {
          void (async () => {
            await server.stop();
            await new Promise((wait) => setTimeout(wait, 1500));
            // What the restarted server finds: a chunk cut mid-request may still have been
            // written after the stop, so the disk is read when the server comes back.
            onDiskAtRestart = await server.chunksOnDisk(file.md5);
            server.reset();
            await server.start();
            resolve();
          })().catch(reject);
        });
      };
    });
    await fileInput(page).setInputFiles(file.path);
    await restarted;
    await waitForState(page, 'server-restart.mp4', 'done', 90_000);
    expect(onDiskAtRestart).toBeGreaterThanOrEqual(8);
    // The restarted server received exactly the chunks it did not have.
    expect(server.count(CHUNK_PATH)).toBe(25 - onDiskAtRestart);
    expect(server.chunksStored).toBe(25 - onDiskAtRestart);
    storedMatches(file);
  });

  it('keeps the queue across a reload and resumes once the file is selected again', async () => {
    const page = await openMyFiles();
    const file = makeFile('reload.mp4', 50 * MIB);
    server.chunkDelayMs = 100;
    const started = new Promise<void>((resolve) => {
      server.onChunkStored = (count) => {
        if (count !== 6) return;
        server.holdChunks();
        resolve();
      };
    });
    await fileInput(page).setInputFiles(file.path);
    await started;
    await page.reload();
    await waitForState(page, 'reload.mp4', 'needs-file');
    await expect(row(page, 'reload.mp4').getByRole('status').textContent()).resolves.toBe(
      '请重新选择此文件以继续',
    );
    await keepScreenshot(page, 'upload-needs-file');
    // Every request of the closed tab has ended by now: what the server has is on disk.
    const onDisk = await server.chunksOnDisk(file.md5);
    const sentBefore = server.count(CHUNK_PATH);
    expect(onDisk).toBeGreaterThanOrEqual(6);
    server.dropHeldChunks();
    server.chunkDelayMs = 0;
    await row(page, 'reload.mp4').locator('input[type=file]').setInputFiles(file.path);
    await waitForState(page, 'reload.mp4', 'done');
    // The chunk check decided: only the chunks the server did not have were sent.
    expect(server.count(CHUNK_PATH) - sentBefore).toBe(25 - onDisk);
    storedMatches(file);
  });

  it('uploads a folder and shows its tree (spec §3)', async () => {
    const page = await openMyFiles();
    const folder = path.join(filesDir, '三年级');
    mkdirSync(path.join(folder, '照片'), { recursive: true });
    writeFileSync(path.join(folder, '名单.xlsx'), randomBytes(300));
    writeFileSync(path.join(folder, '照片', 'a.png'), randomBytes(200));
    await page.locator('.ant-upload input[type=file][webkitdirectory]').setInputFiles(folder);
    const tree = page.getByRole('region', { name: '文件夹结构' });
    for (const name of ['三年级', '照片', '名单.xlsx']) await tree.getByText(name).waitFor();
    await waitForState(page, '三年级/名单.xlsx', 'done');
    await waitForState(page, '三年级/照片/a.png', 'done');
  });

  it('refuses a forbidden extension before sending anything', async () => {
    const page = await openMyFiles();
    const file = makeFile('notes.txt', 10);
    await fileInput(page).setInputFiles(file.path);
    await page.getByText('notes.txt: 不允许上传 .txt 类型的文件').waitFor();
    expect(server.count(STORAGE_API.secondUploadCheck)).toBe(0);
  });

  it('compresses an image to 500 × 500 at most, then also uploads it as base64', async () => {
    const page = await openMyFiles();
    const image = makePng('photo.png', 1200, 800);
    const imageInput = page.locator('.ant-upload input[type=file][accept*=".png"]');
    await imageInput.setInputFiles(image);
    const preview = page.getByRole('img', { name: /已上传的图片：photo\.png/ });
    await preview.waitFor();
    const src = await preview.getAttribute('src');
    const id = new URL(src ?? '', server.url).searchParams.get('id');
    const response = await page.request.get(`${server.url}${STORAGE_API.download}?id=${id ?? ''}`);
    const stored = path.join(filesDir, 'stored.png');
    writeFileSync(stored, await response.body());
    expect(pngSize(stored)).toEqual({ width: 500, height: 333 });
    expect(server.count(STORAGE_API.upload)).toBe(1);

    await page.getByRole('switch', { name: '以 base64 上传' }).click();
    await imageInput.setInputFiles(makePng('photo-2.png', 300, 900));
    await page.getByRole('img', { name: /已上传的图片：photo-2\.png/ }).waitFor();
    expect(server.count(STORAGE_API.base64Upload)).toBe(1);
  });

  it('downloads a stored file by its link, with its UTF-8 name, and exports the table', async () => {
    const page = await openMyFiles();
    const file = makeFile('成绩 期末.bin', 5000);
    await fileInput(page).setInputFiles(file.path);
    await waitForState(page, '成绩 期末.bin', 'done');
    await page.getByRole('button', { name: /^刷\s*新$/ }).click();
    const filesTable = page.getByRole('table', { name: '已上传的文件' });
    await filesTable.getByText('成绩 期末.bin').waitFor();

    const [linkDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '下载 成绩 期末.bin' }).first().click(),
    ]);
    expect(linkDownload.suggestedFilename()).toBe('成绩 期末.bin');
    const linkSaved = path.join(filesDir, 'link-download');
    await linkDownload.saveAs(linkSaved);
    expect(md5OfFile(linkSaved)).toBe(file.md5);

    // One download per file: the link (the generic download form is the export's, below).
    await expect(page.getByText('表单下载').count()).resolves.toBe(0);

    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出表格' }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe('我的文件清单.xlsx');
    const xlsx = path.join(filesDir, 'export.xlsx');
    await exported.saveAs(xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('我的文件清单');
    expect(sheet?.getCell('A2').value).toBe('文件名');
    const names = sheet?.getColumn(1).values.map(String) ?? [];
    expect(names).toContain('成绩 期末.bin');
    // The actions column is left out of the export.
    expect(sheet?.getRow(2).values).not.toContain('操作');
  });
});
