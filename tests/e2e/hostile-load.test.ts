import { connect } from 'node:net';
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, SPEECH_API, STORAGE_API } from '../../contract/api-paths';
import { DEMO_PASSWORD, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * A hostile caller must not stall everybody else: while a burst of hostile table
 * exports (2,000 rows of colspan=500 in 62 KB) and decompression-bomb face photos (a 4096x4096
 * PNG of about 50 KB) is in flight, a signed-in teacher's browser keeps getting its answers.
 * Measured as a ratio against the same requests on the idle server in the same run, never as an
 * absolute time; the bound is wide (a loaded two-core CI machine), the defect it guards against
 * was three orders of magnitude (4.5 s and 1.3 s stalls).
 */
const suite = e2eSuite();

const SAMPLES = 15;
/** The victim's median under attack may be this many times its idle median, no more. */
const MAX_RATIO = 25;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

/** A valid PNG whose header says 4096x4096 RGB: 48 MB once inflated, ~50 KB on the wire. */
function decompressionBomb(): string {
  const side = 4096;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc(side * (1 + side * 3));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return png.toString('base64');
}

function hostileTable(): string {
  return `<table>${'<tr><td colspan=500>x</td></tr>'.repeat(2000)}</table>`;
}

/** `samples` sequential `me` calls from the page, in ms, sorted. */
async function victimLatencies(page: Page, samples = SAMPLES): Promise<number[]> {
  const times = await page.evaluate(
    async ({ url, count }) => {
      const out: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        const response = await fetch(url, { cache: 'no-store' });
        await response.json();
        out.push(performance.now() - started);
      }
      return out;
    },
    { url: API.me, count: samples },
  );
  return times.sort((a, b) => a - b);
}

const median = (times: readonly number[]) => times[Math.floor(times.length / 2)] ?? Number.NaN;

/** The median of SAMPLES sequential `me` calls from the page, in ms. */
async function victimMedian(page: Page): Promise<number> {
  return median(await victimLatencies(page));
}

describe('a hostile caller does not stall the server', () => {
  it('keeps answering a teacher while hostile exports and bomb photos arrive', async () => {
    const { page } = await suite.open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/index\.html/);
    // The attacker: a student's session for the export, nobody's for the face login.
    const login = await fetch(`${suite.server.url}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'student01', password: DEMO_PASSWORD }).toString(),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const table = hostileTable();
    const bomb = decompressionBomb();
    expect(table.length).toBeLessThan(64 * 1024);
    expect(bomb.length).toBeLessThan(100 * 1024);

    await victimMedian(page); // warm-up
    const idle = await victimMedian(page);

    const attack = { running: true };
    const attacks: Promise<number[]>[] = [];
    const statuses: number[] = [];
    for (let lane = 0; lane < 3; lane += 1) {
      attacks.push(
        (async () => {
          const seen: number[] = [];
          while (attack.running) {
            const exported = await fetch(`${suite.server.url}${STORAGE_API.tableExport}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
              body: new URLSearchParams({ title: 't', data: table }).toString(),
            });
            seen.push(exported.status);
            await exported.arrayBuffer();
            const face = await fetch(`${suite.server.url}${API.faceLogin}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ faceImage: bomb }),
            });
            seen.push(face.status);
            await face.arrayBuffer();
          }
          return seen;
        })(),
      );
    }
    const underAttack = await victimMedian(page);
    attack.running = false;
    for (const seen of await Promise.all(attacks)) statuses.push(...seen);

    // The attack really ran alongside, and was refused (never a 5xx).
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status < 500)).toBe(true);
    const ratio = underAttack / Math.max(idle, 1);
    expect(
      ratio,
      `idle ${idle.toFixed(1)} ms, under attack ${underAttack.toFixed(1)} ms`,
    ).toBeLessThan(MAX_RATIO);
  });
});

/**
 * A speech flood (docs/voice.md, "Load"): a signed-in student with many speech tokens opens many
 * gateway sessions at once, from their own browser, each sending 3 s of noise (speech to
 * pocketsphinx that is no command: the grammar pass, then the general model's, the dearest
 * recognition), and opens the next as soon as one ends. Without the recognition queue, 40 such
 * sessions ran 80 processes (40 decoders) on two cores, held other requests 7–10 s and every
 * recognition failed with IDLE_TIMEOUT; in this test that code ran 19 decoders at once and 99 of
 * 100 recognitions timed out idle. Meanwhile a teacher's `me` calls keep answering: their median
 * is held to the file's ratio against the idle median of the same run, their worst call to 1 s
 * (see below).
 */
describe('a speech flood does not stall the server', () => {
  const LANES = 40;
  /** Rounds of SAMPLES victim calls under the flood. */
  const FLOOD_ROUNDS = 4;
  /**
   * The victim's worst call under the flood, absolute: other requests must still answer within
   * 1 s. Robust enough to assert: with the queue, the worst of 60 calls under the flood
   * was 62–164 ms on two cores, with a load average of 13 from other suites (the idle worst
   * 85–153 ms), six times under the bound. It is not what catches the defect: without the queue
   * the worst was 0.7 s in this test (the outcomes, all IDLE_TIMEOUT, and the 19 decoders at
   * once fail it), so the median's ratio and the outcomes stay the main checks.
   */
  const MAX_WORST_MS = 1000;

  function count(values: readonly string[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }

  /** The pocketsphinx decoders this test process's server runs now (each under its `sh`). */
  async function decoders(): Promise<number> {
    const listing = await new Promise<string>((resolve) => {
      execFile('ps', ['-eo', 'pid=,ppid=,comm='], (error, stdout) => {
        resolve(error ? '' : stdout);
      });
    });
    const rows = listing
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((row) => row.length === 3);
    const parentOf = new Map(rows.map(([pid, ppid]) => [pid, ppid]));
    return rows.filter(
      ([, ppid, comm]) =>
        comm?.startsWith('pocketsphinx') === true &&
        parentOf.get(ppid ?? '') === String(process.pid),
    ).length;
  }

  it(
    'keeps answering a teacher while a student floods the gateway',
    { timeout: 180_000 },
    async () => {
      const { page } = await suite.open('/login');
      await signIn(page, 'teacher01', DEMO_PASSWORD);
      await page.waitForURL(/index\.html/);
      // The attacker: a student signed in in their own browser (the session cookie is theirs).
      const { page: student } = await suite.open('/login');
      const signedIn = await student.evaluate(
        async ({ url, password }) => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ username: 'student01', password }).toString(),
          });
          return response.status;
        },
        { url: API.login, password: DEMO_PASSWORD },
      );
      expect(signedIn).toBe(200);

      await victimLatencies(page); // warm-up
      const idle = await victimLatencies(page);

      const flood = student.evaluate(
        async ({ tokenUrl, lanes }) => {
          const state = window as unknown as { floodStop?: boolean; floodStops?: number };
          state.floodStops = 0;
          // 3 s of 16 kHz 16-bit noise, the same for every session.
          const noise = new Int16Array(16_000 * 3);
          let seed = 1;
          for (let i = 0; i < noise.length; i += 1) {
            seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
            noise[i] = (seed % 12_000) - 6_000;
          }
          const audio = new Uint8Array(noise.buffer);
          const header = (name: string, appkey: string) => ({
            message_id: crypto.randomUUID().replace(/-/g, ''),
            task_id: 'fedcba9876543210fedcba9876543210',
            namespace: 'SpeechTranscriber',
            name,
            appkey,
          });
          const outcomes: string[] = [];
          const session = async () => {
            const answer = (await (await fetch(tokenUrl, { cache: 'no-store' })).json()) as {
              status: number;
              data: { token: string; url: string; appkey: string } | null;
            };
            if (answer.status !== 200 || answer.data === null) {
              outcomes.push(`token ${String(answer.status)}`);
              return;
            }
            const { token, url, appkey } = answer.data;
            await new Promise<void>((resolve) => {
              const socket = new WebSocket(`${url}?token=${token}`);
              let outcome = 'closed without an answer';
              socket.onopen = () => {
                socket.send(
                  JSON.stringify({
                    header: header('StartTranscription', appkey),
                    payload: { format: 'pcm', sample_rate: 16_000 },
                  }),
                );
              };
              socket.onmessage = (event) => {
                const { name, status } = (
                  JSON.parse(String(event.data)) as { header: { name: string; status: number } }
                ).header;
                if (name === 'TranscriptionStarted') {
                  for (let at = 0; at < audio.length; at += 3200) {
                    socket.send(audio.subarray(at, at + 3200));
                  }
                  socket.send(JSON.stringify({ header: header('StopTranscription', appkey) }));
                  state.floodStops = (state.floodStops ?? 0) + 1;
                } else if (name === 'TranscriptionCompleted') {
                  outcome = name;
                } else if (name === 'TaskFailed') {
                  outcome = String(status);
                }
              };
              socket.onclose = () => {
                outcomes.push(outcome);
                resolve();
              };
            });
          };
          await Promise.all(
            Array.from({ length: lanes }, async () => {
              while (state.floodStop !== true) await session();
            }),
          );
          return outcomes;
        },
        { tokenUrl: `${SPEECH_API.token}?language=en`, lanes: LANES },
      );
      // Every lane has sent its audio and stopped once: the flood is at its height.
      await student.waitForFunction((lanes) => {
        const stops = (window as unknown as { floodStops?: number }).floodStops ?? 0;
        return stops >= lanes;
      }, LANES);
      const sampling = { running: true, most: 0 };
      const sampled = (async () => {
        while (sampling.running) {
          sampling.most = Math.max(sampling.most, await decoders());
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // Several rounds: the flood's recognitions take seconds, one round a fraction of one.
      const underFlood: number[] = [];
      for (let round = 0; round < FLOOD_ROUNDS; round += 1) {
        underFlood.push(...(await victimLatencies(page)));
      }
      underFlood.sort((a, b) => a - b);
      sampling.running = false;
      await sampled;
      await student.evaluate(() => {
        (window as unknown as { floodStop?: boolean }).floodStop = true;
      });
      const outcomes = await flood;

      const worst = underFlood.at(-1) ?? Number.NaN;
      const figures = `idle median ${median(idle).toFixed(1)} ms, worst ${(idle.at(-1) ?? 0).toFixed(1)} ms; under the flood median ${median(underFlood).toFixed(1)} ms, worst ${worst.toFixed(1)} ms; decoders at once ${String(sampling.most)}; outcomes ${JSON.stringify(count(outcomes))}`;
      // Recognitions ran (a queued one waits its turn and completes), the rest were refused the
      // way Alibaba's gateway refuses (40000005), none timed out idle and none failed otherwise.
      expect(
        outcomes.filter((outcome) => outcome === 'TranscriptionCompleted').length,
        figures,
      ).toBeGreaterThan(0);
      expect(
        outcomes.every((outcome) => outcome === 'TranscriptionCompleted' || outcome === '40000005'),
        figures,
      ).toBe(true);
      // Never more decoders than the server's cores (its default limit), sampled.
      expect(sampling.most, figures).toBeLessThanOrEqual(availableParallelism());
      expect(median(underFlood) / Math.max(median(idle), 1), figures).toBeLessThan(MAX_RATIO);
      expect(worst, figures).toBeLessThan(MAX_WORST_MS);
    },
  );
});

/**
 * Bodies that once stalled everybody (server/http/connection-limits.ts, body-schemas.test.ts):
 * five callers with no session posting 3.4 MB `{"faceImage":"AAAA","a":[0,0,…]}` to the face
 * login in a loop (the finite-number check walked every value: 2.1–4.7 s stalls), and 200
 * connections whose bodies arrive a byte a second (each held its connection forever). A
 * teacher's `me` calls meanwhile: the median held to the file's ratio against the idle median,
 * the worst to 1 s (the defects were seconds; see the speech flood above for the bound).
 */
describe('large and slow bodies do not stall the server', () => {
  const MAX_WORST_MS = 1000;

  /** More calls than the other cases: the worst of them is held to a bound. */
  const latencies = (page: Page) => victimLatencies(page, SAMPLES * 3);

  async function teacherPage(): Promise<Page> {
    const { page } = await suite.open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/index\.html/);
    await latencies(page); // warm-up
    return page;
  }

  it('keeps answering a teacher while large arrays arrive', { timeout: 120_000 }, async () => {
    const page = await teacherPage();
    const idle = await latencies(page);
    const body = `{"faceImage":"AAAA","a":[${new Array(1_700_000).fill('0').join(',')}]}`;
    expect(body.length).toBeGreaterThan(3_400_000);
    const attack = { running: true };
    const statuses: number[] = [];
    const lanes = Array.from({ length: 5 }, async () => {
      while (attack.running) {
        const response = await fetch(`${suite.server.url}${API.faceLogin}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    });
    const under = await latencies(page);
    attack.running = false;
    await Promise.all(lanes);
    const figures = `idle median ${median(idle).toFixed(1)} ms; under attack median ${median(under).toFixed(1)} ms, worst ${(under.at(-1) ?? 0).toFixed(1)} ms; ${String(statuses.length)} bodies`;
    // Refused (unknown key or too large), never answered by a handler or a 5xx.
    expect(statuses.length, figures).toBeGreaterThan(0);
    expect(
      statuses.every((status) => status === 400 || status === 413),
      figures,
    ).toBe(true);
    expect(median(under) / Math.max(median(idle), 1), figures).toBeLessThan(MAX_RATIO);
    expect(under.at(-1), figures).toBeLessThan(MAX_WORST_MS);
  });

  it('keeps answering a teacher while 200 bodies trickle in', { timeout: 120_000 }, async () => {
    const page = await teacherPage();
    const idle = await latencies(page);
    const sockets = Array.from({ length: 200 }, () => {
      const socket = connect(suite.server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        'POST /api/uaa/oauth/login HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      return socket;
    });
    const trickle = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(' ');
    }, 1000);
    try {
      const under = await latencies(page);
      const figures = `idle median ${median(idle).toFixed(1)} ms; under attack median ${median(under).toFixed(1)} ms, worst ${(under.at(-1) ?? 0).toFixed(1)} ms`;
      expect(median(under) / Math.max(median(idle), 1), figures).toBeLessThan(MAX_RATIO);
      expect(under.at(-1), figures).toBeLessThan(MAX_WORST_MS);
      // And the server lets go of them: each is answered 408 and closed (10 s plus its size).
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise((resolve) => {
              if (socket.destroyed) resolve(undefined);
              else socket.once('close', resolve);
            }),
        ),
      );
    } finally {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    }
  });
});
