import type { Challenge } from 'altcha-lib';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import { DEVICE_COOKIE, HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { blackPng } from '../face/face-fixtures';
import { solveProof } from '../testing/proof-of-work';
import { cookieOf, createTestApp, login, type TestApp } from '../testing/test-app';

/**
 * The sign-in throttle's rules (server/auth/login-guard.ts) as a school behind one NAT address
 * meets them: one student's guesses neither lock the school out nor the account's owner on the
 * browser they signed in with before.
 */
const SCHOOL = '10.20.30.40';
const THROTTLE = {
  maxFailures: 3,
  maxFailuresPerAddress: 5,
  maxFailuresPerDevice: 4,
  windowSeconds: 900,
  lockSeconds: 300,
  maxInFlightPerAddress: 16,
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ throttle: THROTTLE });
});
afterEach(async () => {
  await t.close();
});

function envelope(response: LightMyRequestResponse): ApiEnvelope {
  return response.json<ApiEnvelope>();
}

/** Signs in with the right password from the school and returns the browser's device cookie. */
async function deviceOf(username: string): Promise<string> {
  const response = await login(t.app, { username }, SCHOOL);
  expect(envelope(response)).toMatchObject({ status: 200 });
  const device = cookieOf(response, DEVICE_COOKIE);
  if (device === undefined) throw new Error('no device cookie');
  return device;
}

function withDevice(device: string): Record<string, string> {
  return { cookie: `${DEVICE_COOKIE}=${device}` };
}

async function guess(username: string, times: number, headers: Record<string, string> = {}) {
  for (let i = 0; i < times; i += 1) {
    const response = await login(
      t.app,
      { username, password: `wrong-${String(i)}`, headers },
      SCHOOL,
    );
    expect(envelope(response).status).not.toBe(200);
  }
}

/** Wrong passwords for as many made-up accounts from the school (password spraying). */
async function guessMany(times: number) {
  for (let i = 0; i < times; i += 1) await guess(`ghost-${String(i)}`, 1);
}

describe('device cookies', () => {
  it('are set on sign-in: http-only, for the sign-in calls only, long-lived, stored hashed', async () => {
    const response = await login(t.app, { username: 'teacher01' }, SCHOOL);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/uaa', sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    const db = await t.database();
    const rows = await db.all<{ device_hash: string }>('SELECT device_hash FROM known_devices');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.device_hash).not.toContain(cookie?.value ?? '');
  });

  it('keep the same token when the browser signs in again to the same account', async () => {
    const device = await deviceOf('teacher01');
    const again = await login(
      t.app,
      { username: 'teacher01', headers: withDevice(device) },
      SCHOOL,
    );
    expect(cookieOf(again, DEVICE_COOKIE)).toBe(device);
  });

  it('are new when the account did not know the browser: a planted cookie is never adopted', async () => {
    // A cookie left on a shared PC (well formed, unknown to everyone) before a teacher signs in.
    const planted = 'p'.repeat(43);
    const victim = await login(
      t.app,
      { username: 'teacher02', headers: withDevice(planted) },
      SCHOOL,
    );
    const issued = cookieOf(victim, DEVICE_COOKIE);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    // The planter's cookie is no known device of hers: it meets her account's lock.
    await guess('teacher02', 3);
    const planter = await login(
      t.app,
      { username: 'teacher02', headers: withDevice(planted) },
      SCHOOL,
    );
    expect(envelope(planter)).toMatchObject({ status: 429, code: 'too_many_attempts' });
    // Her own browser's new cookie still lets her in.
    const owner = await login(
      t.app,
      { username: 'teacher02', headers: withDevice(issued ?? '') },
      SCHOOL,
    );
    expect(envelope(owner)).toMatchObject({ status: 200 });
    // A browser known to another account gets a token of its own for this one too.
    const colleague = await deviceOf('teacher01');
    const shared = await login(
      t.app,
      { username: 'teacher02', headers: withDevice(colleague) },
      SCHOOL,
    );
    expect(cookieOf(shared, DEVICE_COOKIE)).not.toBe(colleague);
  });
});

describe('an account under attack', () => {
  it('is locked for browsers that do not know it, with the time to retry', async () => {
    await guess('teacher01', 3);
    const fresh = await login(t.app, { username: 'teacher01' }, SCHOOL);
    expect(envelope(fresh)).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(fresh.headers['retry-after']).toBe('300');
    expect(cookieOf(fresh, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });

  it('still lets its owner in from a browser they signed in with before', async () => {
    const device = await deviceOf('teacher01');
    await guess('teacher01', 6);
    const owner = await login(
      t.app,
      { username: 'teacher01', headers: withDevice(device) },
      SCHOOL,
    );
    expect(envelope(owner)).toMatchObject({ status: 200 });
  });

  it('does not trust a device cookie of another account, or a made-up one', async () => {
    const otherDevice = await deviceOf('teacher02');
    await guess('teacher01', 3);
    for (const device of [otherDevice, 'A'.repeat(43)]) {
      const response = await login(
        t.app,
        { username: 'teacher01', headers: withDevice(device) },
        SCHOOL,
      );
      expect(envelope(response)).toMatchObject({ status: 429 });
    }
  });

  it('gives a known browser a budget of its own, which locks it (a stolen laptop)', async () => {
    const device = await deviceOf('teacher01');
    await guess('teacher01', THROTTLE.maxFailuresPerDevice, withDevice(device));
    const locked = await login(
      t.app,
      { username: 'teacher01', headers: withDevice(device) },
      SCHOOL,
    );
    expect(envelope(locked)).toMatchObject({ status: 429, code: 'too_many_attempts' });
    // Its guesses did not count against the account for other browsers.
    const other = await login(t.app, { username: 'teacher01' }, '10.99.0.1');
    expect(envelope(other)).toMatchObject({ status: 200 });
  });
});

describe('an address with many failures', () => {
  it('never refuses a correct password for another account', async () => {
    const device = await deviceOf('teacher01');
    await guessMany(40);
    // Forty failures from the school: a teacher whose browser is known signs in at once ...
    const teacher = await login(
      t.app,
      { username: 'teacher01', headers: withDevice(device) },
      SCHOOL,
    );
    expect(envelope(teacher)).toMatchObject({ status: 200 });
    // ... and one on a new browser is asked for a proof of work, never refused.
    const fresh = envelope(await login(t.app, { username: 'staff01' }, SCHOOL));
    expect(fresh).toMatchObject({ status: 428 });
    const { challenge } = fresh.data as { challenge: Challenge };
    const headers = { [HEADER_PROOF_OF_WORK]: await solveProof(challenge) };
    expect(envelope(await login(t.app, { username: 'staff01', headers }, SCHOOL))).toMatchObject({
      status: 200,
    });
  });

  it('asks unknown browsers for a proof of work, and signs in the one that brings it', async () => {
    await guessMany(THROTTLE.maxFailuresPerAddress);
    const asked = await login(t.app, { username: 'teacher02' }, SCHOOL);
    const answer = envelope(asked);
    expect(answer).toMatchObject({ status: 428, code: 'proof_of_work_required' });
    expect(answer.message).toMatch(/\|\|\|/);
    const { challenge } = answer.data as { challenge: Challenge };
    const proof = await solveProof(challenge);

    const proven = await login(
      t.app,
      { username: 'teacher02', headers: { [HEADER_PROOF_OF_WORK]: proof } },
      SCHOOL,
    );
    expect(envelope(proven)).toMatchObject({ status: 200 });
    // Each proof answers one sign-in: a replay is asked again.
    const replay = await login(
      t.app,
      { username: 'teacher02', headers: { [HEADER_PROOF_OF_WORK]: proof } },
      SCHOOL,
    );
    expect(envelope(replay)).toMatchObject({ status: 428 });
    // Another address is not asked.
    expect(envelope(await login(t.app, { username: 'teacher02' }, '10.0.0.9'))).toMatchObject({
      status: 200,
    });
  });

  it('refuses forged, expired and foreign proofs', async () => {
    await guessMany(THROTTLE.maxFailuresPerAddress);
    const { challenge } = envelope(await login(t.app, { username: 'teacher02' }, SCHOOL)).data as {
      challenge: Challenge;
    };
    const proof = await solveProof(challenge);
    const forged = JSON.parse(Buffer.from(proof, 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    // A key made up rather than found (its last hex digit changed).
    const key = forged.solution.derivedKey;
    forged.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const headers = [
      Buffer.from(JSON.stringify(forged)).toString('base64'),
      'not base64 json',
      Buffer.from('{"challenge":1}').toString('base64'),
    ];
    for (const header of headers) {
      const response = await login(
        t.app,
        { username: 'teacher02', headers: { [HEADER_PROOF_OF_WORK]: header } },
        SCHOOL,
      );
      expect(envelope(response)).toMatchObject({ status: 428 });
    }
    t.clock.advance(301_000);
    // The window has not ended (900 s): the address is still asked, and the old proof expired.
    const late = await login(
      t.app,
      { username: 'teacher02', headers: { [HEADER_PROOF_OF_WORK]: proof } },
      SCHOOL,
    );
    expect(envelope(late)).toMatchObject({ status: 428 });
  });

  it('counts the binding, device-id and face logins on the same address', async () => {
    for (let i = 0; i < THROTTLE.maxFailuresPerAddress; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uaa/oauth/login_user_client',
        payload: { userClientId: `unknown-${String(i)}` },
        remoteAddress: SCHOOL,
      });
      expect(envelope(response).code).toBe('invalid_grant');
    }
    const face = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/login/face',
      payload: { faceImage: blackPng(64, 64).toString('base64') },
      remoteAddress: SCHOOL,
    });
    expect(envelope(face)).toMatchObject({ code: 'proof_of_work_required' });
    expect(envelope(await login(t.app, { username: 'teacher01' }, SCHOOL))).toMatchObject({
      status: 428,
    });
  });
});
