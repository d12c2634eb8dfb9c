import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../config';
import { openDatabase } from '../db/database';
import type { Sql } from '../db/sql';
import { seedDemoData } from '../db/seed';
import { createClock, type TestClock } from '../testing/test-app';
import { AccessLookup } from './access-lookup';
import { SessionStore } from './sessions';

describe('AccessLookup', () => {
  let dir: string;
  let db: Sql;
  let clock: TestClock;
  let access: AccessLookup;
  let sessions: SessionStore;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-access-test-'));
    db = await openDatabase({ dataDir: dir });
    clock = createClock();
    await seedDemoData(db, { ...DEFAULT_OPTIONS, now: clock.now });
    access = new AccessLookup(db, { now: clock.now, cacheMs: 2000, maxEntries: 3 });
    sessions = new SessionStore(db, {
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 600,
      now: clock.now,
      onRevoke: (id) => {
        access.forgetSession(id);
      },
    });
  });

  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the session, user and unit of a token', async () => {
    const { accessToken, sessionId } = await sessions.create(10004);
    const record = await access.find(accessToken);
    expect(record?.session).toMatchObject({ sessionId, userId: 10004 });
    expect(record?.user).toMatchObject({ loginName: 'parent01', userType: 3 });
    expect(record?.unit).toMatchObject({ id: 1001, unitType: 2, name: '阳光实验小学' });
    expect(record?.user).not.toHaveProperty('passwordHash');
    expect(await access.find('unknown')).toBeUndefined();
  });

  it('forgets a session revoked through the store at once', async () => {
    const { accessToken, sessionId } = await sessions.create(10001);
    expect(await access.find(accessToken)).toBeDefined();
    await sessions.revoke(sessionId);
    expect(await access.find(accessToken)).toBeUndefined();
  });

  it('forgets every session of an ended family at once, and only those', async () => {
    const signIn = await sessions.create(10001);
    const derived = await sessions.create(10001, {}, signIn.familyId);
    const other = await sessions.create(10001);
    expect(derived.familyId).toBe(signIn.sessionId);
    for (const { accessToken } of [signIn, derived, other]) {
      expect(await access.find(accessToken)).toBeDefined();
    }
    await sessions.endFamily(signIn.familyId);
    expect(await access.find(signIn.accessToken)).toBeUndefined();
    expect(await access.find(derived.accessToken)).toBeUndefined();
    expect((await access.find(other.accessToken))?.session.familyId).toBe(other.sessionId);
  });

  it('sees changes made behind its back after the cache delay', async () => {
    const { accessToken, sessionId } = await sessions.create(10002);
    expect(await access.find(accessToken)).toBeDefined();
    await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ?', [clock.now(), sessionId]);
    expect(await access.find(accessToken)).toBeDefined();
    clock.advance(2000);
    expect(await access.find(accessToken)).toBeUndefined();
  });

  it('never serves a cached token past its expiry', async () => {
    const { accessToken } = await sessions.create(10003);
    clock.advance(59_000);
    expect(await access.find(accessToken)).toBeDefined();
    clock.advance(1_000);
    expect(await access.find(accessToken)).toBeUndefined();
  });

  it('stays within its size bound', async () => {
    const tokens: string[] = [];
    for (const id of [10001, 10002, 10003, 10004, 10005]) {
      tokens.push((await sessions.create(id)).accessToken);
    }
    for (const token of tokens) expect(await access.find(token)).toBeDefined();
    // Evicted entries are simply looked up again.
    for (const token of tokens) expect(await access.find(token)).toBeDefined();
  });

  it('forgets every cached session of a user another process announced, and only those', async () => {
    const first = await sessions.create(10001);
    const second = await sessions.create(10001);
    const other = await sessions.create(10002);
    for (const { accessToken } of [first, second, other]) {
      expect(await access.find(accessToken)).toBeDefined();
    }
    // Ended by another process: this one hears of it only through forgetUser.
    await db.run('UPDATE sessions SET revoked_at = ? WHERE user_id IN (?, ?)', [
      clock.now(),
      10001,
      10002,
    ]);
    access.forgetUser(10001);
    expect(await access.find(first.accessToken)).toBeUndefined();
    expect(await access.find(second.accessToken)).toBeUndefined();
    expect(await access.find(other.accessToken)).toBeDefined();
    access.forgetAll();
    expect(await access.find(other.accessToken)).toBeUndefined();
  });

  it('caches nothing while suspended, and again once resumed', async () => {
    const lookup = new AccessLookup(db, { now: clock.now, cacheMs: 2000, suspended: true });
    const revokedBehindItsBack = async (sessionId: number) => {
      await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ?', [clock.now(), sessionId]);
    };
    const unheard = await sessions.create(10003);
    expect(await lookup.find(unheard.accessToken)).toBeDefined();
    await revokedBehindItsBack(unheard.sessionId);
    expect(await lookup.find(unheard.accessToken)).toBeUndefined();

    lookup.resume();
    const heard = await sessions.create(10003);
    expect(await lookup.find(heard.accessToken)).toBeDefined();
    await revokedBehindItsBack(heard.sessionId);
    expect(await lookup.find(heard.accessToken)).toBeDefined();
    // Suspending empties the cache: what it held may be stale.
    lookup.suspend();
    expect(await lookup.find(heard.accessToken)).toBeUndefined();
  });

  it('does not cache a lookup that started before it resumed', async () => {
    const lookup = new AccessLookup(db, { now: clock.now, cacheMs: 2000, suspended: true });
    const { accessToken, sessionId } = await sessions.create(10005);
    // The query has run (SQLite reads at once); its answer comes after the resume.
    const pending = lookup.find(accessToken);
    lookup.resume();
    expect(await pending).toBeDefined();
    await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ?', [clock.now(), sessionId]);
    expect(await lookup.find(accessToken)).toBeUndefined();
  });

  it('caches nothing with cacheMs 0', async () => {
    const uncached = new AccessLookup(db, { now: clock.now, cacheMs: 0 });
    const { accessToken, sessionId } = await sessions.create(10002);
    expect(await uncached.find(accessToken)).toBeDefined();
    await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ?', [clock.now(), sessionId]);
    expect(await uncached.find(accessToken)).toBeUndefined();
  });
});
