import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { WorkerPool } from '../base/worker-pool';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { createFaceWorker } from './face-analyzer';
import type * as DecodeModule from './face-decode';
import { ImageDecodeError } from './face-decode';
import { FACE_FIXTURES, faceFixtureBase64, faceFixtureBytes } from './face-fixtures';
import { checkFaceImage } from './face-image';
import type * as HumanEngineModule from './human-engine';

/**
 * Face photos are decoded and the models run in a worker thread: the decoder and the engine are
 * wrapped here, in this (the request) thread's modules, and must never be called by a request.
 * The worker thread loads its own, unwrapped copies.
 */
const calls = vi.hoisted(() => ({ decode: 0, engine: 0 }));

vi.mock('./face-decode', async (importOriginal) => {
  const original = await importOriginal<typeof DecodeModule>();
  return {
    ...original,
    decodeFaceImage: (...args: Parameters<typeof original.decodeFaceImage>) => {
      calls.decode += 1;
      return original.decodeFaceImage(...args);
    },
  };
});
vi.mock('./human-engine', async (importOriginal) => {
  const original = await importOriginal<typeof HumanEngineModule>();
  return {
    ...original,
    sharedFaceEngine: () => {
      calls.engine += 1;
      return original.sharedFaceEngine();
    },
    createHumanEngine: (...args: Parameters<typeof original.createHumanEngine>) => {
      calls.engine += 1;
      return original.createHumanEngine(...args);
    },
  };
});

function postPhoto(t: TestApp, url: string, faceImage: string, cookie?: string, host?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(cookie === undefined ? {} : { cookie }),
      ...(host === undefined ? {} : { host }),
    },
    payload: JSON.stringify({ faceImage, userId: '10001' }),
  });
}

describe('face photos off the request thread', () => {
  let t: TestApp;
  const closes = vi.spyOn(WorkerPool.prototype, 'close');

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => {
    closes.mockRestore();
  });

  it('enrols, signs in and clocks in with no decoding or model on this thread; close() ends the worker', async () => {
    const teacher01 = await signIn(t.app, 'teacher01');
    const staff01 = await signIn(t.app, 'staff01');
    const enrolled = await postPhoto(
      t,
      API.faceCheck,
      faceFixtureBase64(FACE_FIXTURES.grace),
      teacher01.cookie,
      teacher01.host,
    );
    expect(enrolled.json<ApiEnvelope>()).toMatchObject({ status: 200 });
    const centered = faceFixtureBase64(FACE_FIXTURES.graceCentered);
    const login = await postPhoto(t, API.faceLogin, centered);
    expect(login.json<ApiEnvelope>()).toMatchObject({ status: 200, data: { unitId: '1001' } });
    const clocking = await postPhoto(t, API.faceClocking, centered, staff01.cookie, staff01.host);
    expect(clocking.json<ApiEnvelope>()).toMatchObject({
      status: 200,
      data: { userName: 'teacher01' },
    });
    expect(calls).toEqual({ decode: 0, engine: 0 });

    // Closing the app ends the face worker thread (and any other pool it has).
    await t.close();
    const pools = closes.mock.contexts as WorkerPool<unknown, unknown>[];
    expect(pools.some((pool) => pool.started > 0)).toBe(true);
    expect(pools.every((pool) => pool.threads === 0)).toBe(true);
  }, 90_000);
});

describe('createFaceWorker', () => {
  const worker = createFaceWorker();
  afterAll(async () => {
    await worker.close();
  });

  it('describes a photo in its thread and hands decoding errors back as ImageDecodeError', async () => {
    const checked = checkFaceImage(faceFixtureBase64(FACE_FIXTURES.grace));
    if (!checked.ok) throw new Error('fixture refused');
    const faces = await worker.describe(checked.bytes, checked.header);
    expect(faces).toHaveLength(1);
    expect(faces[0]?.embedding).toBeInstanceOf(Float32Array);
    expect(faces[0]?.embedding.length).toBe(1024);
    expect(faces[0]?.score).toBeGreaterThan(0.9);
    // The photo's bytes were copied, not moved: the caller keeps them (to store them).
    expect(checked.bytes.length).toBe(faceFixtureBytes(FACE_FIXTURES.grace).length);

    const truncated = faceFixtureBytes(FACE_FIXTURES.grace).subarray(0, 4000);
    await expect(worker.describe(truncated, checked.header)).rejects.toBeInstanceOf(
      ImageDecodeError,
    );
  }, 90_000);
});
