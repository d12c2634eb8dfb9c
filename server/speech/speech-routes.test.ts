import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_API } from '../../contract/api-paths';
import { HEADER_DEVICE } from '../../contract/http-headers';
import { instruction, NLS_STATUS, type NlsMessage } from '../../contract/nls';
import type { SpeechToken, VocabularyAnswer } from '../../contract/speech';
import { cookiesOf, getJson } from '../base/desktop-test-helpers';
import { createTestApp, hostOfCookie, type TestApp, TEST_PASSWORD_COST } from '../testing/test-app';

type WebSocket = Awaited<ReturnType<TestApp['app']['injectWS']>>;
import { MAX_AUDIO_BYTES } from './gateway-session';
import type { Recogniser } from './recogniser';

const ids = {
  messageId: '0123456789abcdef0123456789abcdef',
  taskId: 'fedcba9876543210fedcba9876543210',
};

/** A recogniser that hears a fixed text, or waits until the task is aborted. */
function scripted(): Recogniser & { aborted: number; heard: string; hang: boolean } {
  const state = {
    aborted: 0,
    heard: 'open notices',
    hang: false,
    supports: (language: string) => language === 'en',
    recognise: (_pcm: Buffer, _phrases: readonly string[], signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        if (!state.hang) {
          resolve(state.heard);
          return;
        }
        signal.addEventListener('abort', () => {
          state.aborted += 1;
          reject(new Error('aborted'));
        });
      }),
  };
  return state;
}

/** Collects a socket's text frames until it closes. */
function framesOf(socket: WebSocket): Promise<NlsMessage[]> {
  const frames: NlsMessage[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as NlsMessage));
  return new Promise((resolve) => {
    socket.on('close', () => {
      resolve(frames);
    });
  });
}

/**
 * Opens the gateway in-process. A real upgrade request carries its raw headers (the Host fields
 * are counted in them, server/tenancy/host-header.ts); injectWS's stand-in for it has none, so
 * they are given here.
 */
function openGateway(app: TestApp['app'], token: string): Promise<WebSocket> {
  return app.injectWS(`${SPEECH_API.gateway}?token=${encodeURIComponent(token)}`, {
    headers: { host: 'localhost' },
    rawHeaders: ['Host', 'localhost'],
  });
}

function nextFrame(socket: WebSocket): Promise<NlsMessage> {
  return new Promise((resolve) => {
    socket.once('message', (data: Buffer) => {
      resolve(JSON.parse(data.toString()) as NlsMessage);
    });
  });
}

describe('speech token, vocabulary and gateway', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  const recogniser = scripted();

  async function post(user: string, vocabulary: string, device = 'h5') {
    const cookie = cookies[user];
    const response = await t.app.inject({
      method: 'POST',
      url: SPEECH_API.vocabulary,
      headers: {
        'content-type': 'application/json',
        cookie: cookie ?? '',
        host: hostOfCookie(cookie) ?? 'localhost',
        [HEADER_DEVICE]: device,
      },
      payload: JSON.stringify({ vocabulary }),
    });
    return response.json<{ status: number; data: VocabularyAnswer | null }>();
  }

  async function token(user = 'parent02', language = 'en'): Promise<SpeechToken> {
    const answer = await getJson<SpeechToken>(
      t.app,
      cookies[user],
      `${SPEECH_API.token}?language=${language}`,
    );
    expect(answer.body.status).toBe(200);
    return answer.body.data;
  }

  async function open(tokenValue: string): Promise<WebSocket> {
    return openGateway(t.app, tokenValue);
  }

  beforeAll(async () => {
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      speechRecogniser: recogniser,
      publicOrigin: 'https://edu.example.org',
    });
    await t.app.ready();
    cookies = await cookiesOf(t.app, ['parent02', 'teacher01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a token with the gateway and appkey, and refuses without a session', async () => {
    const issued = await token();
    expect(issued.token).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.url).toMatch(/^ws:\/\/.+\/api\/base\/speech\/ws\/v1$/);
    expect(issued.appkey).not.toBe('');
    const anonymous = await t.app.inject({ url: `${SPEECH_API.token}?language=en` });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.app.inject({ url: SPEECH_API.gateway });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ status: 426, code: 'upgrade_required' });
  });

  it('answers the gateway on a configured host, never on a forged Host', async () => {
    const urlOn = async (host: string) => {
      const answer = await getJson<SpeechToken>(
        t.app,
        cookies.parent02,
        `${SPEECH_API.token}?language=en`,
        { host },
      );
      expect(answer.body.status, host).toBe(200);
      return answer.body.data.url;
    };
    expect(await urlOn('school.localhost:8080')).toBe(
      `ws://school.localhost:8080${SPEECH_API.gateway}`,
    );
    // Any other Host gets the configured public origin: the token and the recording never go
    // to the forger's address.
    for (const host of [
      'attacker.example',
      'attacker.example:8080',
      'localhost@attacker.example',
    ]) {
      expect(await urlOn(host), host).toBe(`wss://edu.example.org${SPEECH_API.gateway}`);
    }
  });

  it('answers an error for a language without a recogniser (Chinese here)', async () => {
    const answer = await getJson(t.app, cookies.parent02, `${SPEECH_API.token}?language=zh-CN`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ status: 503, code: 'speech_unavailable', data: null });
  });

  it('finds applications by Chinese, English, short names, verbs and synonyms', async () => {
    const notices = '/pages/notice/mobile_tzgg_spm/index.html';
    for (const said of ['打开通知公告。', '进入通知', 'Open notices', 'go to Notices!', '公告']) {
      const answer = await post('parent02', said);
      expect(answer.data, said).toEqual({ url: notices, code: 'tzgg' });
    }
    expect((await post('teacher01', 'open notices', 'pc')).data?.url).toBe(
      '/pages/notice/pc_tzgg_pre/index.html',
    );
    expect((await post('parent02', 'what is the weather')).data).toEqual({
      url: null,
      code: null,
    });
    expect((await post('parent02', '')).data?.url).toBeNull();
  });

  it('finds applications said in traditional characters (zh-HK recogniser)', async () => {
    const notices = '/pages/notice/mobile_tzgg_spm/index.html';
    for (const said of ['打開通知', '進入通知', '打開通知公告。', '請打開公告']) {
      expect((await post('parent02', said)).data, said).toEqual({ url: notices, code: 'tzgg' });
    }
    expect((await post('parent02', '進入網絡硬盤')).data?.code).toBe('wdwp');
    expect((await post('parent02', '打開通訊錄')).data?.code).toBe('txl');
    expect((await post('teacher01', '打開協同辦公', 'pc')).data?.code).toBe('oa');
    // Forbidden and unknown stay unmatched in traditional characters too.
    expect((await post('parent02', '打開協同辦公')).data?.url).toBeNull();
    expect((await post('teacher01', '打開公文流轉')).data?.url).toBeNull();
    expect((await post('parent02', '今日天氣點樣')).data).toEqual({ url: null, code: null });
  });

  it('never matches an application the user may not open', async () => {
    // Office Automation is for teachers only; the campus card opens no page.
    expect((await post('parent02', 'open office automation')).data?.url).toBeNull();
    expect((await post('teacher01', 'open office automation')).data?.code).toBe('oa');
    expect((await post('teacher01', '打开公文流转')).data?.url).toBeNull();
    expect((await post('parent02', '一卡通')).data?.url).toBeNull();
    // Another unit's application.
    expect((await post('parent02', 'District Notices')).data?.url).toBeNull();
  });

  it('runs a transcription: started, sentence, completed; the token is spent', async () => {
    const issued = await token();
    const socket = await open(issued.token);
    const all = framesOf(socket);
    const started = nextFrame(socket);
    socket.send(
      instruction(
        'StartTranscription',
        { ...ids, appkey: issued.appkey },
        { format: 'pcm', sample_rate: 16000 },
      ),
    );
    expect((await started).header).toMatchObject({
      name: 'TranscriptionStarted',
      status: NLS_STATUS.success,
      task_id: ids.taskId,
    });
    socket.send(Buffer.alloc(3200), { binary: true });
    socket.send(instruction('StopTranscription', { ...ids, appkey: issued.appkey }));
    const frames = await all;
    expect(frames.map((frame) => frame.header.name)).toEqual([
      'TranscriptionStarted',
      'SentenceBegin',
      'TranscriptionResultChanged',
      'SentenceEnd',
      'TranscriptionCompleted',
    ]);
    expect(frames[3]?.payload).toMatchObject({ result: 'open notices' });

    const again = await open(issued.token);
    const refused = framesOf(again);
    again.send(instruction('StartTranscription', { ...ids, appkey: issued.appkey }));
    expect((await refused)[0]?.header).toMatchObject({
      name: 'TaskFailed',
      status: NLS_STATUS.accessDenied,
    });
  });

  it('refuses a bad token with TaskFailed 40000001', async () => {
    const socket = await open('not-a-token');
    const frames = framesOf(socket);
    socket.send(instruction('StartTranscription', { ...ids, appkey: 'edudesk-speech' }));
    const [failed] = await frames;
    expect(failed?.header).toMatchObject({
      name: 'TaskFailed',
      status: NLS_STATUS.accessDenied,
      namespace: 'Default',
    });
  });

  it('ends a task whose audio is longer than 60 s', async () => {
    const issued = await token();
    const socket = await open(issued.token);
    const frames = framesOf(socket);
    const started = nextFrame(socket);
    socket.send(instruction('StartTranscription', { ...ids, appkey: issued.appkey }));
    await started;
    const frame = Buffer.alloc(32_000);
    for (let sent = 0; sent <= MAX_AUDIO_BYTES; sent += frame.length) {
      socket.send(frame, { binary: true });
    }
    const names = (await frames).map((message) => message.header);
    expect(names.at(-1)).toMatchObject({ name: 'TaskFailed', status: NLS_STATUS.clientError });
  });

  it('stops recognising when the client closes early', async () => {
    recogniser.hang = true;
    try {
      const issued = await token();
      const socket = await open(issued.token);
      const started = nextFrame(socket);
      socket.send(instruction('StartTranscription', { ...ids, appkey: issued.appkey }));
      await started;
      socket.send(Buffer.alloc(3200), { binary: true });
      socket.send(instruction('StopTranscription', { ...ids, appkey: issued.appkey }));
      socket.terminate();
      await expect.poll(() => recogniser.aborted).toBe(1);
    } finally {
      recogniser.hang = false;
    }
  });
});

/**
 * A recogniser whose recognitions run until the test releases them (the oldest first), counting
 * how many run at once.
 */
function gated(): Recogniser & {
  calls: number;
  running: number;
  most: number;
  release: () => void;
} {
  const pending: (() => void)[] = [];
  const state = {
    calls: 0,
    running: 0,
    most: 0,
    supports: (language: string) => language === 'en',
    recognise: (_pcm: Buffer, _phrases: readonly string[], signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        state.calls += 1;
        state.running += 1;
        state.most = Math.max(state.most, state.running);
        let settled = false;
        const done = () => {
          if (!settled) state.running -= 1;
          settled = true;
        };
        pending.push(() => {
          done();
          resolve('open notices');
        });
        signal.addEventListener('abort', () => {
          done();
          reject(new Error('aborted'));
        });
      }),
    release: () => {
      pending.shift()?.();
    },
  };
  return state;
}

describe('recognitions running at once', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  const recogniser = gated();

  beforeAll(async () => {
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      speechRecogniser: recogniser,
      speechRecognitionLimits: { concurrent: 2, concurrentPerUser: 2, queued: 8, queuedPerUser: 2 },
    });
    await t.app.ready();
    cookies = await cookiesOf(t.app, ['student01', 'teacher01']);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a gateway task for the user and sends it audio; its frames until it closes. */
  async function recording(
    user: string,
  ): Promise<{ stop: () => void; frames: Promise<NlsMessage[]> }> {
    const answer = await getJson<SpeechToken>(
      t.app,
      cookies[user],
      `${SPEECH_API.token}?language=en`,
    );
    const issued = answer.body.data;
    const socket = await openGateway(t.app, issued.token);
    const frames = framesOf(socket);
    const started = nextFrame(socket);
    socket.send(instruction('StartTranscription', { ...ids, appkey: issued.appkey }));
    expect((await started).header.name).toBe('TranscriptionStarted');
    socket.send(Buffer.alloc(3200), { binary: true });
    return {
      stop: () => {
        socket.send(instruction('StopTranscription', { ...ids, appkey: issued.appkey }));
      },
      frames,
    };
  }

  it('runs a few at a time, queues the next ones and refuses a flood with TOO_MANY_REQUESTS', async () => {
    // A student opens five at once: two run (their share), two wait, the fifth is refused.
    const flood = await Promise.all(Array.from({ length: 5 }, () => recording('student01')));
    for (const task of flood) task.stop();
    const refused = await Promise.race(flood.map((task) => task.frames));
    expect(refused.at(-1)?.header).toMatchObject({
      name: 'TaskFailed',
      namespace: 'Default',
      status: 40000005,
      status_text: 'Gateway:TOO_MANY_REQUESTS:Too many requests!',
    });
    // The refusal came after all five stops were taken in: only two reached the recogniser.
    expect(recogniser.calls).toBe(2);
    // A teacher's recognition waits for a free slot (the server's two are taken) and is not
    // failed for waiting.
    const teacher = await recording('teacher01');
    teacher.stop();
    for (let released = 0; released < 5; released += 1) {
      await expect.poll(() => recogniser.running).toBeGreaterThan(0);
      recogniser.release();
    }
    const outcomes = await Promise.all([...flood, teacher].map((task) => task.frames));
    const last = outcomes.map((frames) => frames.at(-1)?.header.name);
    expect(last.filter((name) => name === 'TranscriptionCompleted')).toHaveLength(5);
    expect(last.filter((name) => name === 'TaskFailed')).toHaveLength(1);
    expect(recogniser.calls).toBe(5);
    expect(recogniser.most).toBe(2);
  });
});

/** The real recogniser, on espeak-ng commands, when pocketsphinx and espeak-ng are installed. */
const installed = ['/usr/bin/pocketsphinx_continuous', '/usr/bin/espeak-ng', '/usr/bin/sox'].every(
  (file) => fs.existsSync(file),
);

describe.runIf(installed)('pocketsphinx behind the gateway', () => {
  let t: TestApp;
  let cookie: string | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-speech-'));

  function speech(text: string): Buffer {
    const wav = path.join(dir, 'command.wav');
    execFileSync('espeak-ng', ['-w', wav, text]);
    return execFileSync('sox', [
      wav,
      '-t',
      'raw',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      '-',
    ]);
  }

  async function transcribe(pcm: Buffer, language = 'en'): Promise<NlsMessage[]> {
    const answer = await getJson<SpeechToken>(
      t.app,
      cookie,
      `${SPEECH_API.token}?language=${language}`,
    );
    const issued = answer.body.data;
    const socket = await openGateway(t.app, issued.token);
    const frames = framesOf(socket);
    const started = nextFrame(socket);
    socket.send(instruction('StartTranscription', { ...ids, appkey: issued.appkey }));
    await started;
    for (let at = 0; at < pcm.length; at += 3200) {
      socket.send(pcm.subarray(at, at + 3200), { binary: true });
    }
    socket.send(instruction('StopTranscription', { ...ids, appkey: issued.appkey }));
    return frames;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    cookie = (await cookiesOf(t.app, ['parent02'])).parent02;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('recognises an application name, and no application in an unknown command', async () => {
    const known = await transcribe(speech('open notices'));
    expect(known.find((frame) => frame.header.name === 'SentenceEnd')?.payload).toMatchObject({
      result: 'open notices',
    });
    const unknown = await transcribe(speech('what is the weather'));
    const result = unknown.find((frame) => frame.header.name === 'SentenceEnd')?.payload as
      { result: string } | undefined;
    expect(result?.result ?? '').not.toMatch(/notices|schedule|drive|contacts/);
    // A recording that starts and ends in seconds of digital silence (a gating microphone, a
    // recorder opened before the voice): the same command, not phones heard in the silence.
    const second = 32_000;
    const gated = await transcribe(
      Buffer.concat([Buffer.alloc(1.5 * second), speech('open notices'), Buffer.alloc(3 * second)]),
    );
    const gatedResult = gated.find((frame) => frame.header.name === 'SentenceEnd')?.payload as
      { result: string } | undefined;
    expect(gatedResult?.result ?? '').toMatch(/^(open )?notices$/);
    const silence = await transcribe(Buffer.alloc(32_000));
    expect(silence.map((frame) => frame.header.name)).toEqual([
      'TranscriptionStarted',
      'TranscriptionCompleted',
    ]);
  });
});
