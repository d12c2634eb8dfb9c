import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { FACE_CODES } from '../../contract/face';
import { WorkerJobTimeoutError } from '../base/worker-pool';
import { createPluginTestApp, type PluginTestApp } from '../testing/plugin-test-app';
import { signIn, type SignedIn } from '../testing/test-app';
import {
  FaceEngineUnavailableError,
  type FaceEngine,
  type FaceEngineProvider,
} from './face-engine';
import { FACE_FIXTURES, faceFixtureBase64 } from './face-fixtures';
import { FaceBusyError, inProcessAnalyzer, type FaceAnalyzer } from './face-analyzer';
import { faceRoutes } from './face-routes';
import { createHumanEngine, resolveHumanPaths } from './human-engine';

/**
 * The face calls with an engine that cannot be loaded (or fails on a picture): 503 with a
 * bilingual message, never a face accepted and never a 500. The app is put together like
 * server/app.ts does, with the engine provider swapped.
 */
describe('face calls without an engine', () => {
  let t: PluginTestApp;
  let app: FastifyInstance;
  let teacher01: SignedIn;
  let calls = 0;
  let mode: 'engine' | 'busy' | 'timeout' = 'engine';

  beforeAll(async () => {
    const failingEngine: FaceEngineProvider = () => {
      calls += 1;
      // Every other call: the engine loads but fails on the picture.
      if (calls % 2 === 0) {
        const broken: FaceEngine = { describe: () => Promise.reject(new Error('wasm trap')) };
        return Promise.resolve(broken);
      }
      return Promise.reject(new FaceEngineUnavailableError('models missing'));
    };
    const inProcess = inProcessAnalyzer(failingEngine);
    const analyzer: FaceAnalyzer = {
      describe: (bytes, header) => {
        if (mode === 'busy') return Promise.reject(new FaceBusyError('16 photos waiting'));
        if (mode === 'timeout') {
          return Promise.reject(new WorkerJobTimeoutError('face: the job ran over 30000 ms'));
        }
        return inProcess.describe(bytes, header);
      },
      close: () => Promise.resolve(),
    };
    t = await createPluginTestApp((instance, services) =>
      instance.register(faceRoutes, { services, faceAnalyzer: analyzer }),
    );
    app = t.app;
    teacher01 = await signIn(app, 'teacher01');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 face_engine_unavailable on every recognising call', async () => {
    const faceImage = faceFixtureBase64(FACE_FIXTURES.grace);
    const requests: { url: string; fields: Record<string, string>; cookie?: string }[] = [
      { url: API.faceLogin, fields: { faceImage }, cookie: undefined },
      { url: API.faceClocking, fields: { faceImage }, cookie: teacher01.cookie },
      { url: API.faceCheck, fields: { faceImage, userId: '10001' }, cookie: teacher01.cookie },
      { url: API.faceLogin, fields: { faceImage }, cookie: undefined },
    ];
    for (const { url, fields, cookie } of requests) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie === undefined ? {} : { cookie }),
        },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      const body = response.json<ApiEnvelope>();
      expect(body).toMatchObject({ status: 503, code: FACE_CODES.engineUnavailable, data: null });
      expect(body.message).toMatch(/^[^|]+\|\|\|[^|]+$/);
      expect(response.body).not.toMatch(/wasm trap|models missing/);
    }
    expect(calls).toBe(4);
  });

  it('still refuses a bad photo with 400 before asking for the engine', async () => {
    const before = calls;
    const response = await app.inject({
      method: 'POST',
      url: API.faceLogin,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ faceImage: Buffer.from('GIF89a, not a face').toString('base64') }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiEnvelope>().code).toBe(FACE_CODES.invalidImage);
    expect(calls).toBe(before);
  });

  it('answers 503 face_busy with retry-after, and 503 for a photo over the time limit', async () => {
    const faceImage = faceFixtureBase64(FACE_FIXTURES.grace);
    const send = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: API.faceLogin,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ faceImage }),
        remoteAddress,
      });
    mode = 'busy';
    const busy = await send('10.8.0.1');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json<ApiEnvelope>()).toMatchObject({ status: 503, code: 'face_busy', data: null });
    expect(busy.json<ApiEnvelope>().message).toMatch(/^[^|]+\|\|\|[^|]+$/);
    mode = 'timeout';
    const slow = await send('10.8.0.2');
    expect(slow.statusCode).toBe(503);
    expect(slow.json<ApiEnvelope>()).toMatchObject({ code: FACE_CODES.engineUnavailable });
    expect(slow.body).not.toContain('30000');
    mode = 'engine';
  });
});

describe('createHumanEngine', () => {
  it('rejects with FaceEngineUnavailableError when the model files are missing', async () => {
    const paths = { ...resolveHumanPaths(), modelDir: path.join(os.tmpdir(), 'no-face-models') };
    await expect(createHumanEngine(paths)).rejects.toBeInstanceOf(FaceEngineUnavailableError);
  });

  it('finds the installed package files from the module, not the working directory', () => {
    const paths = resolveHumanPaths();
    expect(fs.existsSync(paths.humanFile)).toBe(true);
    expect(fs.existsSync(path.join(paths.modelDir, 'faceres.json'))).toBe(true);
    expect(fs.existsSync(path.join(paths.wasmDir, 'tfjs-backend-wasm-simd.wasm'))).toBe(true);
  });
});
