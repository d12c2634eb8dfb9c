/**
 * Sign-in capacity and a sign-in attack's cost to everyone else (docs/security.md, "Password
 * hashing"), on the bench server in its own process, started as `npm start` starts the product:
 * - successful sign-ins per second per core at the production hash (argon2id, m = 19 MiB, t = 2),
 *   from the server process's CPU seconds (its hashing threads included); target ≥ 40;
 * - wrong-password checks per second per core, argon2id against the scrypt N = 2^17 hashes stored
 *   before it (a user's hash planted in the same database, the peer measured in the same run);
 * - the worst `/favicon.svg` and `/me` answer while 50 clients, each from its own loopback
 *   address, keep a wrong sign-in in flight (target < 500 ms), and the server's peak resident
 *   memory over that attack (target < 300 MB).
 * The wall rate is bound by this machine's two cores: the hashing pool has one thread per core.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DEFAULT_OPTIONS } from '../../server/config';
import { DATABASE_FILE } from '../../server/db/database';
import { scryptHash } from '../../server/testing/scrypt-hash';
import { WEB_ROOT } from '../e2e/harness';
import { buildBenchAssets } from './bench-assets';
import { sessionCookie } from './me-throughput';
import { processCpuSeconds } from './process-cpu';
import { peakMemoryMb, spawnBenchServer } from './upload-bench';

type Row = (name: string, value: string, target: string, pass: boolean, detail?: string) => void;

const PASSWORD = DEFAULT_OPTIONS.demoPassword;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? '60');
const ATTACKERS = 50;
const SAMPLES = Number(process.env.BENCH_ABUSE_SAMPLES ?? '40');

interface Answer {
  status: number;
  ms: number;
}

/** One request over a fresh connection from `localAddress` (any 127.x address on Linux). */
function send(
  base: string,
  options: { path: string; method?: string; body?: string; cookie?: string; from?: string },
): Promise<Answer> {
  const url = new URL(options.path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: options.method ?? 'GET',
        agent: false,
        ...(options.from === undefined ? {} : { localAddress: options.from }),
        headers: {
          host: url.host,
          ...(options.body === undefined
            ? {}
            : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function form(username: string, password: string): string {
  return new URLSearchParams({ username, password }).toString();
}

/** `count` sign-ins, two at a time (one per core); the server's CPU seconds and wall seconds. */
async function timeSignIns(
  base: string,
  pid: number,
  count: number,
  body: () => string,
): Promise<{ perCore: number; wall: number }> {
  const cpuBefore = processCpuSeconds(pid);
  const started = performance.now();
  for (let done = 0; done < count; done += 2) {
    await Promise.all(
      [0, 1].map(() => send(base, { path: '/api/uaa/oauth/login', method: 'POST', body: body() })),
    );
  }
  const cpu = processCpuSeconds(pid) - cpuBefore;
  return { perCore: count / cpu, wall: count / ((performance.now() - started) / 1000) };
}

/** The worst of SAMPLES sequential answers of `path`, in ms. */
async function worst(base: string, path: string, cookie?: string): Promise<number> {
  let longest = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const answer = await send(base, { path, ...(cookie === undefined ? {} : { cookie }) });
    if (answer.status !== 200) throw new Error(`${path} answered ${String(answer.status)}`);
    longest = Math.max(longest, answer.ms);
  }
  return longest;
}

/** Plants a scrypt N = 2^17 hash (the form stored before argon2id) for `loginName`. */
function plantScryptHash(dataDir: string, loginName: string): void {
  const hash = scryptHash(PASSWORD, 1 << 17);
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    db.prepare('UPDATE users SET password_hash = ? WHERE login_name = ?').run(hash, loginName);
  } finally {
    db.close();
  }
}

export async function runSignInBenchmarks(row: Row): Promise<boolean> {
  await buildBenchAssets(WEB_ROOT);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-sign-in-'));
  const workDir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-sign-in-work-'));
  // No lock and no proof of work: every attempt is hashed, the attacker's best case.
  const { base, child } = await spawnBenchServer(dataDir, workDir, {
    EDUDESK_LOGIN_MAX_FAILURES: '100000000',
    EDUDESK_LOGIN_MAX_FAILURES_PER_ADDRESS: '100000000',
  });
  const pid = child.pid ?? 0;
  try {
    const cookie = await sessionCookie(base, 'teacher01', PASSWORD);
    const idleFavicon = await worst(base, '/favicon.svg');
    const idleMe = await worst(base, '/api/uaa/oauth/me', cookie);

    // The attack first: the peak memory is the process's own since it started.
    let stop = false;
    const answers = new Map<number, number>();
    const attackers = Array.from({ length: ATTACKERS }, async (_, index) => {
      const from = `127.0.0.${String(10 + index)}`;
      while (!stop) {
        const { status } = await send(base, {
          path: '/api/uaa/oauth/login',
          method: 'POST',
          body: form(`guess-${randomBytes(6).toString('hex')}`, 'wrong'),
          from,
        });
        answers.set(status, (answers.get(status) ?? 0) + 1);
      }
    });
    let favicon: number;
    let me: number;
    try {
      favicon = await worst(base, '/favicon.svg');
      me = await worst(base, '/api/uaa/oauth/me', cookie);
    } finally {
      stop = true;
      await Promise.all(attackers);
    }
    const peak = peakMemoryMb(pid);
    const mix = [...answers]
      .map(([status, n]) => `${String(n)}× HTTP ${String(status)}`)
      .join(', ');

    const signIns = await timeSignIns(base, pid, SIGN_INS, () => form('teacher01', PASSWORD));
    const argonChecks = await timeSignIns(base, pid, SIGN_INS, () => form('teacher01', 'wrong'));
    plantScryptHash(dataDir, 'teacher02');
    const scryptChecks = await timeSignIns(base, pid, 8, () => form('teacher02', 'wrong'));

    row(
      'sign-ins per second per core, argon2id m=19 MiB t=2',
      `${signIns.perCore.toFixed(1)} /s`,
      '≥ 40 /s',
      signIns.perCore >= 40,
      `wall ${signIns.wall.toFixed(1)} /s on 2 cores, two at a time`,
    );
    row(
      'wrong-password checks per second per core: argon2id / scrypt N=2^17',
      `${argonChecks.perCore.toFixed(1)} / ${scryptChecks.perCore.toFixed(1)} /s`,
      '(reported)',
      true,
      `ratio ${(argonChecks.perCore / scryptChecks.perCore).toFixed(1)}×`,
    );
    row(
      `worst /favicon.svg during ${String(ATTACKERS)} parallel wrong sign-ins`,
      `${favicon.toFixed(0)} ms`,
      '< 500 ms',
      favicon < 500,
      `idle ${idleFavicon.toFixed(0)} ms; attack answers: ${mix}`,
    );
    row(
      `worst /me during ${String(ATTACKERS)} parallel wrong sign-ins`,
      `${me.toFixed(0)} ms`,
      '< 500 ms',
      me < 500,
      `idle ${idleMe.toFixed(0)} ms`,
    );
    row('server peak memory through the attack', `${peak.toFixed(0)} MB`, '< 300 MB', peak < 300);
    return signIns.perCore < 40 || favicon >= 500 || me >= 500 || peak >= 300;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}
