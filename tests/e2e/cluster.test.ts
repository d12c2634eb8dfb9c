import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DESKTOP_API, SPEECH_API, STORAGE_API } from '../../contract/api-paths';
import { instruction, type NlsMessage } from '../../contract/nls';
import type { SpeechToken } from '../../contract/speech';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../contract/http-headers';
import { startCluster, type Cluster } from '../../scripts/cluster.mjs';
import { DEMO_PASSWORD, keepScreenshot, launchBrowser, openPage, signIn } from './harness';

/**
 * The scale-out deployment (docs/scale-out.md) as `npm run cluster` starts it: two nodes of the
 * compiled server on one PostgreSQL and one files folder, behind nginx round-robin. The API part
 * talks to each node directly, past the balancer, to choose which node answers.
 */

type Cookies = Record<string, string>;

interface Answer {
  status: number;
  body: { status: number; code: string; data: unknown };
  cookies: Cookies;
}

function cookieHeader(cookies: Cookies): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

async function call(
  base: string,
  url: string,
  init: { method?: string; cookies?: Cookies; form?: Record<string, string>; data?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.cookies) headers.cookie = cookieHeader(init.cookies);
  let body: string | FormData | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.data) {
    body = init.data;
  }
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const cookies: Cookies = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) cookies[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const text = await response.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = { status: response.status, code: 'not_json', data: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed, cookies };
}

/** A success: HTTP 200 and the envelope's own status 200 (refusals travel as HTTP 200 too). */
function expectOk(answer: Answer): void {
  expect(answer.status).toBe(200);
  expect(answer.body.status, answer.body.code).toBe(200);
}

async function signInAt(base: string, username: string, password = DEMO_PASSWORD) {
  return call(base, API.login, { form: { username, password } });
}

function md5(data: Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

const MIB = 1024 * 1024;
const EACH = 2 * MIB;

function bytesOf(size: number, seed: number): Uint8Array {
  const data = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    data[i] = x >>> 24;
  }
  return data;
}

function chunkForm(data: Uint8Array, hash: string, chunk: number, name: string): FormData {
  const chunks = Math.ceil(data.length / EACH);
  const part = data.subarray((chunk - 1) * EACH, chunk * EACH);
  const form = new FormData();
  const fields: Record<string, string> = {
    chunked: 'true',
    chunk: String(chunk),
    chunks: String(chunks),
    eachSize: String(EACH),
    md5: hash,
    fileName: name,
    name,
    fullSize: String(data.length),
    uid: 'cluster',
    size: String(part.length),
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(part)]), 'blob');
  return form;
}

async function chunkExists(base: string, cookies: Cookies, data: Uint8Array, chunk: number) {
  const answer = await call(base, STORAGE_API.blockUploadCheck, {
    cookies,
    form: {
      md5: md5(data),
      size: String(data.length),
      chunks: String(Math.ceil(data.length / EACH)),
      name: 'lesson.mp4',
      uid: 'cluster',
      chunk: String(chunk),
    },
  });
  expectOk(answer);
  return (answer.body.data as { data: boolean }).data;
}

async function mergeAt(base: string, cookies: Cookies, data: Uint8Array) {
  return call(base, STORAGE_API.mergeFile, {
    cookies,
    form: {
      md5: md5(data),
      name: 'lesson.mp4',
      size: String(data.length),
      chunks: String(Math.ceil(data.length / EACH)),
      uid: 'cluster',
    },
  });
}

async function downloadedMd5(base: string, cookies: Cookies, id: string): Promise<string> {
  const response = await fetch(`${base}${STORAGE_API.download}?id=${id}`, {
    headers: { cookie: cookieHeader(cookies) },
  });
  expect(response.status).toBe(200);
  return md5(new Uint8Array(await response.arrayBuffer()));
}

/**
 * Opens the speech gateway at `base` (ws:// of a node or of the balancer) with a token and
 * starts a transcription; resolves with the gateway's first answer.
 */
async function startTranscription(base: string, issued: SpeechToken): Promise<NlsMessage> {
  const url = `${base.replace(/^http/, 'ws')}${SPEECH_API.gateway}?token=${issued.token}`;
  const socket = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const answer = new Promise<NlsMessage>((resolve) => {
      socket.once('message', (data: Buffer) => {
        resolve(JSON.parse(data.toString('utf8')) as NlsMessage);
      });
    });
    const ids = {
      messageId: '0123456789abcdef0123456789abcdef',
      taskId: 'fedcba9876543210fedcba9876543210',
    };
    socket.send(
      instruction(
        'StartTranscription',
        { ...ids, appkey: issued.appkey },
        { format: 'pcm', sample_rate: 16000 },
      ),
    );
    return await answer;
  } finally {
    socket.close();
  }
}

const access = (cookies: Cookies): Cookies => ({
  [ACCESS_TOKEN_COOKIE]: cookies[ACCESS_TOKEN_COOKIE] ?? '',
});

describe('two server nodes on one PostgreSQL behind nginx', () => {
  let folder: string;
  let cluster: Cluster | undefined;
  let browser: Browser | undefined;
  const started = (): Cluster => {
    if (!cluster) throw new Error('the cluster has not started');
    return cluster;
  };
  const node = (index: number): string => {
    const found = started().nodes[index];
    if (!found) throw new Error(`no node ${String(index)}`);
    return found.url;
  };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'edudesk-cluster-e2e-'));
    cluster = await startCluster({
      folder,
      nodes: 2,
      log: 'ignore',
      nodeEnv: { EDUDESK_LOG: '0', EDUDESK_LOGIN_MAX_FAILURES: '3' },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('signs a teacher in through the balancer, keeps a saved theme over reloads', async () => {
    const { page, context, errors } = await openPage(
      browser ?? (await launchBrowser()),
      `${started().url}/login`,
    );
    try {
      await signIn(page, 'teacher02', DEMO_PASSWORD);
      await page.waitForURL(/index\.html/);
      const heading = page.getByRole('heading', { level: 1, name: '我的桌面' });
      await heading.waitFor({ state: 'attached' });
      const close = page.getByRole('button', { name: '关闭待办事项' });
      await close.click();
      await close.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '主题' }).click();
      const dialog = page.getByRole('dialog', { name: '主题设置' });
      await dialog.getByRole('button', { name: '中国红' }).click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      const red = () =>
        document.documentElement.style.getPropertyValue('--edudesk-primary') === '#e31d1a';
      await page.waitForFunction(red);
      // Each reload's calls are spread over both nodes: the session and the theme are shared.
      for (let reload = 0; reload < 4; reload++) {
        await page.reload();
        await heading.waitFor({ state: 'attached' });
        await page.waitForFunction(red);
        await page.getByText('欢迎您，李老师').waitFor();
        expect(await page.evaluate(() => location.pathname)).toMatch(/index\.html$/);
      }
      await keepScreenshot(page, 'cluster-desktop-after-reloads');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('accepts a session made on one node on the other', async () => {
    const signedIn = await signInAt(node(0), 'teacher01');
    expectOk(signedIn);
    const me = await call(node(1), API.me, { cookies: access(signedIn.cookies) });
    expectOk(me);
    expect(me.body.data).toMatchObject({ loginName: 'teacher01' });
  });

  it('ends the family on both nodes when a refreshed token is replayed on the other', async () => {
    const first = await signInAt(node(0), 'teacher01');
    const refreshed = await call(node(0), API.refresh, { cookies: first.cookies });
    expectOk(refreshed);
    const current = access(refreshed.cookies);
    for (const index of [0, 1]) {
      expectOk(await call(node(index), API.me, { cookies: current }));
    }
    const replayed = await call(node(1), API.refresh, {
      cookies: { [REFRESH_TOKEN_COOKIE]: first.cookies[REFRESH_TOKEN_COOKIE] ?? '' },
    });
    expect(replayed.status).toBe(401);
    // The other node hears of it through PostgreSQL's NOTIFY (server/db/change-notices.ts),
    // which arrives a moment after the commit: refused on both within the cache's second.
    for (const index of [0, 1]) {
      await expect
        .poll(async () => (await call(node(index), API.me, { cookies: current })).status, {
          message: `node ${String(index)}`,
          timeout: 10_000,
        })
        .toBe(401);
    }
  });

  it('counts failed sign-ins made on both nodes together', async () => {
    // EDUDESK_LOGIN_MAX_FAILURES=3: three failures, alternating nodes, lock the account for
    // browsers that do not know it, whichever node they reach next.
    for (const index of [0, 1, 0]) {
      const failed = await signInAt(node(index), 'parent02', 'wrong-password');
      expect(failed.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    }
    for (const index of [1, 0]) {
      const locked = await signInAt(node(index), 'parent02');
      expect(locked.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
      expect(locked.cookies[ACCESS_TOKEN_COOKIE]).toBeUndefined();
    }
  });

  it('takes a chunked upload whose chunks alternate nodes and merges it right', async () => {
    const { cookies } = await signInAt(node(0), 'teacher01');
    const data = bytesOf(5 * MIB + 123, 31);
    const hash = md5(data);
    for (const chunk of [1, 2, 3]) {
      const sent = await call(node(chunk % 2), STORAGE_API.chunkUpload, {
        cookies,
        data: chunkForm(data, hash, chunk, 'lesson.mp4'),
      });
      expectOk(sent);
      // The other node sees the chunk at once.
      expect(await chunkExists(node((chunk + 1) % 2), cookies, data, chunk)).toBe(true);
    }
    const merged = await mergeAt(node(1), cookies, data);
    expectOk(merged);
    const id = (merged.body.data as { id: string; md5: string }).id;
    expect(await downloadedMd5(node(0), cookies, id)).toBe(hash);
  });

  it('opens the speech gateway on another node, and through the balancer', async () => {
    const { cookies } = await signInAt(node(0), 'teacher01');
    for (const gateway of [node(1), started().url]) {
      const issued = await call(node(0), `${SPEECH_API.token}?language=en`, {
        cookies: access(cookies),
      });
      expectOk(issued);
      const answer = await startTranscription(gateway, issued.body.data as SpeechToken);
      expect(answer.header.name, gateway).toBe('TranscriptionStarted');
    }
  });

  it('loses nothing when a node dies mid-upload: the other merges and keeps its sessions', async () => {
    const { cookies } = await signInAt(node(1), 'teacher02');
    const data = bytesOf(5 * MIB + 7, 47);
    const hash = md5(data);
    const first = await call(node(1), STORAGE_API.chunkUpload, {
      cookies,
      data: chunkForm(data, hash, 1, 'lesson.mp4'),
    });
    expectOk(first);
    await started().nodes[1]?.kill('SIGKILL');

    // The survivor sees what the dead node acknowledged and takes the rest.
    expect(await chunkExists(node(0), cookies, data, 1)).toBe(true);
    expect(await chunkExists(node(0), cookies, data, 2)).toBe(false);
    for (const chunk of [2, 3]) {
      const sent = await call(node(0), STORAGE_API.chunkUpload, {
        cookies,
        data: chunkForm(data, hash, chunk, 'lesson.mp4'),
      });
      expectOk(sent);
    }
    const merged = await mergeAt(node(0), cookies, data);
    expectOk(merged);
    const id = (merged.body.data as { id: string }).id;
    expect(await downloadedMd5(node(0), cookies, id)).toBe(hash);

    // The dead node's session goes on, directly and through the balancer.
    expectOk(await call(node(0), API.me, { cookies: access(cookies) }));
    for (let attempt = 0; attempt < 4; attempt++) {
      const me = await call(started().url, API.me, { cookies: access(cookies) });
      expectOk(me);
    }
    const theme = await call(started().url, DESKTOP_API.myDesktopColor, {
      cookies: access(cookies),
    });
    expectOk(theme);
  });
});
