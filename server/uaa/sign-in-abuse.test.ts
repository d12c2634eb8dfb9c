import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../contract/http-headers';
import type { ApiEnvelope } from '../../contract/envelope';
import { DEFAULT_OPTIONS, type ThrottleOptions } from '../config';
import { hashPasswordSync } from '../auth/password';
import { createTestApp, login, type TestApp } from '../testing/test-app';

/**
 * Sign-in under a determined guesser and a morning rush (docs/security.md): one lock per person
 * whatever the spelling of the name, every attempt counted before it is hashed, a bounded number
 * of sign-ins in flight per address and in the hashing queue, and no deadlock between counters.
 */
const THROTTLE: ThrottleOptions = { ...DEFAULT_OPTIONS.throttle, maxFailures: 3 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function envelopeOf(response: LightMyRequestResponse): ApiEnvelope<{ remaining?: number } | null> {
  return response.json<ApiEnvelope<{ remaining?: number } | null>>();
}

/** Spellings PostgreSQL's loose collation took for teacher02 (full-width, soft hyphen, ZWSP). */
const VARIANTS = ['ｔeacher02', 'teacher０2', 'tea\u00ADcher02', 'tea\u200Bcher02', 'TEACHER02'];

describe('one lock per person', () => {
  it('counts every spelling of a name on the one account, and tells the tries left', async () => {
    const app = (t = await createTestApp({ throttle: THROTTLE })).app;
    const remaining: unknown[] = [];
    for (const [index, username] of VARIANTS.slice(0, 3).entries()) {
      const response = await login(app, { username, password: 'wrong' }, `10.9.0.${String(index)}`);
      remaining.push(envelopeOf(response).data?.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    // teacher02 is locked for browsers it does not know, under every spelling, right password too.
    for (const username of ['teacher02', ...VARIANTS]) {
      const response = await login(app, { username }, '10.9.1.1');
      expect(envelopeOf(response), username).toMatchObject({
        status: 429,
        code: 'too_many_attempts',
      });
    }
  });

  it('signs in under any spelling on both engines once the lock is over', async () => {
    t = await createTestApp({ throttle: THROTTLE });
    for (const username of VARIANTS) {
      const response = await login(t.app, { username }, '10.9.2.1');
      expect(envelopeOf(response), username).toMatchObject({ status: 200 });
    }
  });

  it('gives an unknown name one budget for all its spellings', async () => {
    const app = (t = await createTestApp({ throttle: THROTTLE })).app;
    for (const username of ['ghost', 'ＧＨＯＳＴ', 'gh\u200Bost']) {
      await login(app, { username, password: 'wrong' }, '10.9.3.1');
    }
    const response = await login(app, { username: 'gho\u00ADst', password: 'wrong' }, '10.9.3.2');
    expect(envelopeOf(response)).toMatchObject({ status: 429, code: 'too_many_attempts' });
  });
});

describe('every attempt counted before it is hashed', () => {
  it('asks a parallel burst from one address for proof of work past the threshold', async () => {
    const app = (t = await createTestApp({
      throttle: {
        ...DEFAULT_OPTIONS.throttle,
        maxFailuresPerAddress: 20,
        maxInFlightPerAddress: 100,
      },
    })).app;
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login(app, { username: `spray-${String(i)}`, password: 'wrong' }, '10.9.4.1'),
      ),
    );
    const codes = burst.map((response) => envelopeOf(response).code);
    expect(codes.filter((code) => code === 'invalid_grant')).toHaveLength(20);
    expect(codes.filter((code) => code === 'proof_of_work_required')).toHaveLength(5);
  });
});

/** A stored hash that takes this machine a second or more to check, so a thread stays busy. */
const SLOW_HASH = hashPasswordSync('Edu@2026', { memoryKiB: 256 * 1024, iterations: 6 });

/** Waits until a sign-in for `userId` has been counted (it is hashed right after). */
async function counted(app: TestApp, userId: number): Promise<void> {
  const db = await app.database();
  for (;;) {
    const row = await db.get('SELECT 1 AS found FROM login_throttle WHERE key = ?', [
      `user:${String(userId)}`,
    ]);
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a bounded number of sign-ins at once', () => {
  it('answers 503 with Retry-After, in both languages, when the hashing queue is full', async () => {
    t = await createTestApp({ hashing: { threads: 1, queued: 0 } });
    const db = await t.database();
    await db.run('UPDATE users SET password_hash = ? WHERE id = 10002', [SLOW_HASH]);
    const slow = login(t.app, { username: 'teacher02' }, '10.9.5.1');
    await counted(t, 10002);
    const refused = await login(t.app, { username: 'teacher01' }, '10.9.5.2');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(envelopeOf(refused)).toMatchObject({
      status: 503,
      code: 'sign_in_busy',
      message:
        '当前登录人数过多，请稍后几秒再试|||Too many people are signing in right now. Please try again in a few seconds',
    });
    expect(envelopeOf(await slow)).toMatchObject({ status: 200 });
    // Nothing was counted for the refused attempt: teacher01 signs in at once after.
    expect(envelopeOf(await login(t.app, { username: 'teacher01' }, '10.9.5.2'))).toMatchObject({
      status: 200,
    });
    expect(
      await db.get('SELECT failures FROM login_throttle WHERE key = ?', ['user:10001']),
    ).toBeUndefined();
  });

  it('answers 503 to one address over its sign-ins in flight, not to another', async () => {
    t = await createTestApp({
      throttle: { ...DEFAULT_OPTIONS.throttle, maxInFlightPerAddress: 1 },
    });
    const db = await t.database();
    await db.run('UPDATE users SET password_hash = ? WHERE id = 10002', [SLOW_HASH]);
    const slow = login(t.app, { username: 'teacher02' }, '10.9.6.1');
    await counted(t, 10002);
    const sameAddress = await login(t.app, { username: 'teacher01' }, '10.9.6.1');
    expect(sameAddress.statusCode).toBe(503);
    expect(envelopeOf(sameAddress).code).toBe('sign_in_busy');
    const otherAddress = await login(t.app, { username: 'teacher01' }, '10.9.6.2');
    expect(envelopeOf(otherAddress)).toMatchObject({ status: 200 });
    expect(envelopeOf(await slow)).toMatchObject({ status: 200 });
  });
});

describe('parallel failures on many keys', () => {
  it('are all counted, never a 500, burst after burst (no deadlock on PostgreSQL)', async () => {
    const t2 = (t = await createTestApp({
      throttle: { ...DEFAULT_OPTIONS.throttle, windowSeconds: 2, maxFailuresPerAddress: 1000 },
    }));
    const db = await t2.database();
    for (let burst = 0; burst < 4; burst += 1) {
      // Each burst opens new windows: the stale rows of the last one are purged meanwhile.
      t2.clock.advance(61_000);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t2.app.inject({
            method: 'POST',
            url: '/api/uaa/oauth/login_user_client',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `${DEVICE_COOKIE}=${'d'.repeat(40)}${String(burst)}${String(i).padStart(2, '0')}`,
            },
            payload: `userClientId=unknown-${String(i)}`,
            remoteAddress: '10.9.7.1',
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json<ApiEnvelope>().code).toBe('invalid_grant');
      }
      expect(
        await db.get('SELECT failures FROM login_throttle WHERE key = ?', ['address:10.9.7.1']),
      ).toEqual({ failures: 30 });
    }
  });
});
