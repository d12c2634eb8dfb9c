import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../config';
import { openDatabase } from '../db/database';
import { seedDemoData } from '../db/seed';
import type { Sql } from '../db/sql';
import { createClock, type TestClock, TEST_PASSWORD_COST } from '../testing/test-app';
import { SessionStore } from './sessions';
import { LoginThrottle } from './throttle';

describe('SessionStore and LoginThrottle under parallel requests', () => {
  let dir: string;
  let db: Sql;
  let clock: TestClock;
  let sessions: SessionStore;
  let throttle: LoginThrottle;
  const revoked: number[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-sessions-test-'));
    db = await openDatabase({ dataDir: dir });
    clock = createClock();
    await seedDemoData(db, {
      ...DEFAULT_OPTIONS,
      passwordCost: TEST_PASSWORD_COST,
      now: clock.now,
    });
    sessions = new SessionStore(db, {
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 600,
      now: clock.now,
      onRevoke: (id) => revoked.push(id),
    });
    throttle = new LoginThrottle(
      db,
      { ...DEFAULT_OPTIONS.throttle, maxFailures: 5, windowSeconds: 900, lockSeconds: 60 },
      clock.now,
    );
  });

  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const accept = (session: { userId: number }) => Promise.resolve(session.userId);

  it('rotates a refresh token once, and counts a second presentation at once as reuse', async () => {
    const signIn = await sessions.create(10001);
    const [first, second] = await Promise.all([
      sessions.rotate(signIn.refreshToken, {}, accept),
      sessions.rotate(signIn.refreshToken, {}, accept),
    ]);
    const kinds = [first.kind, second.kind].sort();
    expect(kinds).toEqual(['replayed', 'rotated']);
    const rotated = first.kind === 'rotated' ? first : second;
    if (rotated.kind !== 'rotated') throw new Error('one rotation must win');
    expect(rotated.tokens.familyId).toBe(signIn.familyId);
    // The reuse ended the family, the winner's new session with it.
    expect(await sessions.findByAccessToken(rotated.tokens.accessToken)).toBeUndefined();
    expect(await sessions.findByRefreshToken(rotated.tokens.refreshToken)).toBeUndefined();
    expect(revoked).toContain(rotated.tokens.sessionId);
  });

  it('refuses without change when the caller refuses, and a replay of a used token', async () => {
    const signIn = await sessions.create(10002);
    const refused = await sessions.rotate(signIn.refreshToken, {}, () =>
      Promise.resolve(undefined),
    );
    expect(refused).toEqual({ kind: 'refused' });
    const rotated = await sessions.rotate(signIn.refreshToken, {}, accept);
    expect(rotated.kind).toBe('rotated');
    const again = await sessions.rotate(signIn.refreshToken, {}, accept);
    expect(again).toEqual({ kind: 'replayed', familyId: signIn.familyId });
    expect(await sessions.rotate('unknown', {}, accept)).toEqual({ kind: 'refused' });
  });

  it('replaces a session once: a second replacement of the same session starts nothing', async () => {
    const signIn = await sessions.create(10001);
    const session = await sessions.findByAccessToken(signIn.accessToken);
    if (!session) throw new Error('the new session must be found');
    const results = await Promise.all([
      sessions.replace(session, 10001),
      sessions.replace(session, 10001),
    ]);
    expect(results.filter((tokens) => tokens !== undefined)).toHaveLength(1);
  });

  it('counts every one of parallel failures, and locks at the maximum', async () => {
    const key = throttle.accountKey({ loginKey: 'parallel-user' });
    await Promise.all([1, 2, 3, 4].map(() => throttle.count(key)));
    const row = await db.get<{ failures: number; locked_until: number }>(
      'SELECT failures, locked_until FROM login_throttle WHERE key = ?',
      [key.key],
    );
    expect(row).toEqual({ failures: 4, locked_until: 0 });
    expect(await throttle.retryAfterSeconds([key])).toBe(0);
    await throttle.count(key);
    expect(await throttle.retryAfterSeconds([key])).toBe(60);
    // The lock runs out: the next failure starts a new window.
    clock.advance(60_000);
    expect(await throttle.retryAfterSeconds([key])).toBe(0);
    await throttle.count(key);
    expect(
      await db.get('SELECT failures, locked_until FROM login_throttle WHERE key = ?', [key.key]),
    ).toEqual({ failures: 1, locked_until: 0 });
  });

  it('counts an address within its window only, and never locks it', async () => {
    const address = throttle.addressKey('192.0.2.7');
    let last = await throttle.count(address);
    for (let i = 1; i <= address.maxFailures; i++) last = await throttle.count(address);
    expect(last.failures).toBe(address.maxFailures + 1);
    expect(await throttle.retryAfterSeconds([address])).toBe(0);
    await throttle.uncount(last);
    expect((await throttle.count(address)).failures).toBe(address.maxFailures + 1);
    clock.advance(900_000);
    expect((await throttle.count(address)).failures).toBe(1);
  });

  it('lifts the lock an attempt set when the attempt is taken back', async () => {
    const key = throttle.accountKey({ userId: 10001 });
    for (let i = 1; i < key.maxFailures; i++) await throttle.count(key);
    const locking = await throttle.count(key);
    expect(locking.lockedBy).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds([key])).toBeGreaterThan(0);
    await throttle.uncount(locking);
    expect(await throttle.retryAfterSeconds([key])).toBe(0);
    // The next failure is the one that locks.
    expect((await throttle.count(key)).lockedBy).toBeGreaterThan(0);
  });
});
