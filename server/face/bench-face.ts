import { TEST_PASSWORD_COST } from '../testing/test-app';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { buildApp } from '../app';
import { DEFAULT_OPTIONS } from '../config';
import { DATABASE_FILE } from '../db/database';
import { SqliteSql } from '../db/sqlite-sql';
import { SCHOOL_UNIT_ID } from '../db/seed-data';
import { decodeFaceImage } from './face-decode';
import { FACE_FIXTURES, faceFixtureBase64 } from './face-fixtures';
import { checkFaceImage } from './face-image';
import { EMBEDDING_LENGTH, normalise } from './face-index';
import { pickSingleFace } from './face-pipeline';
import { FaceStore } from './face-store';
import { sharedFaceEngine } from './human-engine';

export interface FaceBenchOptions {
  /** Timed runs of each measurement (after the warm-up runs). */
  samples?: number;
  warmup?: number;
  /** Enrolled users besides teacher01 (random unit-length embeddings). */
  otherFaces?: number;
}

/** Milliseconds unless said otherwise; medians of `samples` runs after `warmup` runs. */
export interface FaceBenchResult {
  enrolledFaces: number;
  samples: number;
  /** The first face call of the process: model load plus the first (slowest) inference. */
  firstCallMs: number;
  /** POST /api/uaa/face/check of grace_hopper_512.jpg as teacher01 (decode, model, store). */
  enrolMs: number;
  /** POST /api/uaa/oauth/login/face of grace_hopper_centered_640x480.png among all faces. */
  identifyMs: number;
  /** The engine alone on the decoded grace_hopper_centered_640x480.png. */
  describeMs: number;
  /**
   * One pass of the unit's index over all enrolled faces (the matching part of identify, with the
   * version lookup that precedes it).
   */
  searchMs: number;
  /** Who the face login signed in (teacher01 expected) and the cosine similarity of the match. */
  identifiedLoginName: string;
  similarity: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function elapsed(run: () => unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function measure(warmup: number, samples: number, run: () => unknown): Promise<number> {
  for (let i = 0; i < warmup; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) times.push(await elapsed(run));
  return median(times);
}

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function postFace(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie === undefined ? {} : { cookie }),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function expectOk(response: LightMyRequestResponse, what: string): void {
  const body = response.json<ApiEnvelope>();
  if (body.status !== 200) throw new Error(`${what} failed: ${body.code} ${body.message}`);
}

const INSERT_USER = `INSERT INTO users
    (id, unit_id, login_name, login_key, password_hash, real_name, user_type, created_at)
  VALUES (?, ?, ?, ?, 'no-password', ?, 2, ?)`;

/**
 * A second connection to the benchmark's own SQLite database (the app under test always runs on
 * SQLite in its temporary folder), behind the same `Sql` interface as the server's.
 */
function benchDatabase(dataDir: string, readonly = false): SqliteSql {
  const connection = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { readonly });
  if (!readonly) {
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
  }
  return new SqliteSql(connection);
}

/** Adds users with random faces to unit 1001, straight through the store (one transaction). */
async function enrolRandomFaces(dataDir: string, count: number, now: () => number): Promise<void> {
  const sql = benchDatabase(dataDir);
  try {
    const next = random(2026);
    const placeholder = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    await sql.transaction(async (tx) => {
      const store = new FaceStore(tx, now);
      for (let i = 0; i < count; i += 1) {
        const id = 900_000 + i;
        await tx.run(INSERT_USER, [
          id,
          SCHOOL_UNIT_ID,
          `bench-face-${String(i)}`,
          `bench-face-${String(i)}`,
          `测试${String(i)}`,
          now(),
        ]);
        const embedding = normalise(Array.from({ length: EMBEDDING_LENGTH }, () => next() - 0.5));
        if (!embedding) throw new Error('zero embedding');
        await store.enrol({
          userId: id,
          unitId: SCHOOL_UNIT_ID,
          image: placeholder,
          imageType: 'image/jpeg',
          embedding,
        });
      }
    });
  } finally {
    await sql.close();
  }
}

/**
 * The face benchmark: a fresh app and database; teacher01 enrolled with grace_hopper_512.jpg
 * through POST /api/uaa/face/check, `otherFaces` more users enrolled with random embeddings
 * through the store; then enrolment and identification times (grace_hopper_centered among all
 * of them). Returns the numbers; prints nothing.
 */
export async function runFaceBenchmark(options: FaceBenchOptions = {}): Promise<FaceBenchResult> {
  const { samples = 10, warmup = 2, otherFaces = 999 } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-face-bench-'));
  const app = await buildApp({
    ...DEFAULT_OPTIONS,
    dataDir,
    webRoot: path.join(dataDir, 'no-web-build'),
    logger: false,
    passwordCost: TEST_PASSWORD_COST,
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: 'teacher01',
        password: DEFAULT_OPTIONS.demoPassword,
      }).toString(),
    });
    const access = login.cookies.find((cookie) => cookie.name === 'SY_ACCESS_TOKEN');
    if (!access) throw new Error('teacher01 could not sign in');
    const cookie = `SY_ACCESS_TOKEN=${access.value}`;

    const grace = faceFixtureBase64(FACE_FIXTURES.grace);
    const centered = faceFixtureBase64(FACE_FIXTURES.graceCentered);
    const enrol = async () => {
      const response = await postFace(
        app,
        API.faceCheck,
        { faceImage: grace, userId: '10001' },
        cookie,
      );
      expectOk(response, 'enrolment');
    };
    const firstCallMs = await elapsed(enrol);
    await enrolRandomFaces(dataDir, otherFaces, Date.now);

    const enrolMs = await measure(warmup, samples, enrol);
    const faceLogin = () => postFace(app, API.faceLogin, { faceImage: centered });
    const identifyMs = await measure(warmup, samples, async () => {
      expectOk(await faceLogin(), 'face login');
    });
    const session = (await faceLogin()).cookies.find((c) => c.name === 'SY_ACCESS_TOKEN');
    const me = await app.inject({
      method: 'GET',
      url: '/api/uaa/oauth/me',
      headers: { cookie: `SY_ACCESS_TOKEN=${session?.value ?? ''}` },
    });
    const identifiedLoginName =
      me.json<ApiEnvelope<{ loginName?: string } | null>>().data?.loginName ?? '';

    const engine = await sharedFaceEngine();
    const checked = checkFaceImage(centered);
    if (!checked.ok) throw new Error(`fixture refused: ${checked.problem}`);
    const image = decodeFaceImage(checked.bytes, checked.header);
    const describeMs = await measure(warmup, samples, () => engine.describe(image));
    const pick = pickSingleFace((await engine.describe(image)).faces);
    const query = pick.kind === 'one' ? normalise(pick.face.embedding) : undefined;
    if (!query) throw new Error('no single face in the fixture');

    const sql = benchDatabase(dataDir, true);
    try {
      const store = new FaceStore(sql, Date.now);
      const enrolledFaces = await store.enrolledCount(SCHOOL_UNIT_ID);
      const searchMs = await measure(warmup, Math.max(samples, 50), () =>
        store.bestMatch(SCHOOL_UNIT_ID, query),
      );
      const similarity = (await store.bestMatch(SCHOOL_UNIT_ID, query))?.similarity ?? 0;
      return {
        enrolledFaces,
        samples,
        firstCallMs,
        enrolMs,
        identifyMs,
        describeMs,
        searchMs,
        identifiedLoginName,
        similarity,
      };
    } finally {
      await sql.close();
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
