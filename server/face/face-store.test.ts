import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { seedDemoData } from '../db/seed';
import type { Sql } from '../db/sql';
import { BUREAU_UNIT_ID, SCHOOL_UNIT_ID } from '../db/seed-data';
import { createClock, type TestClock, TEST_PASSWORD_COST } from '../testing/test-app';
import { openTestDatabase, type TestDatabaseLocation } from '../testing/test-database';
import { EMBEDDING_LENGTH } from './face-index';
import { blobToEmbedding, embeddingToBlob, FaceStore } from './face-store';

const TEACHER01 = 10001;
const TEACHER02 = 10002;
const STAFF01 = 10003;

/** A unit vector along one axis: faces that are trivially told apart. */
function axis(i: number): Float32Array {
  const vector = new Float32Array(EMBEDDING_LENGTH);
  vector[i] = 1;
  return vector;
}

describe('FaceStore', () => {
  let location: TestDatabaseLocation;
  let dispose: () => Promise<void>;
  let db: Sql;
  let clock: TestClock;
  let store: FaceStore;

  beforeEach(async () => {
    clock = createClock();
    ({ sql: db, location, dispose } = await openTestDatabase(clock.now));
    await seedDemoData(db, {
      demoPassword: 'Edu@2026',
      passwordCost: TEST_PASSWORD_COST,
      now: clock.now,
    });
    store = new FaceStore(db, clock.now);
  });
  afterEach(async () => {
    await dispose();
  });

  function enrol(
    userId: number,
    embedding: Float32Array,
    unitId = SCHOOL_UNIT_ID,
  ): Promise<number> {
    return store.enrol({
      userId,
      unitId,
      image: Buffer.from([0xff, 0xd8, 0xff, userId & 255]),
      imageType: 'image/jpeg',
      embedding,
    });
  }

  it('stores the photo, its type and the register time of the injected clock', async () => {
    expect(await store.record(TEACHER01)).toBeUndefined();
    expect(await enrol(TEACHER01, axis(0))).toBe(clock.now());
    expect(await store.record(TEACHER01)).toEqual({
      userId: TEACHER01,
      unitId: SCHOOL_UNIT_ID,
      image: Buffer.from([0xff, 0xd8, 0xff, TEACHER01 & 255]),
      imageType: 'image/jpeg',
      registerTime: clock.now(),
    });
  });

  it('round-trips embeddings through their float32 blob', () => {
    const embedding = new Float32Array([0.25, -1.5, 3e-8, 7]);
    // A Buffer whose offset in its memory is not a multiple of 4.
    const blob = Buffer.concat([Buffer.from([9]), embeddingToBlob(embedding)]).subarray(1);
    expect(Array.from(blobToEmbedding(blob))).toEqual(Array.from(embedding));
  });

  it('matches within a unit and keeps the index current through its own enrolments', async () => {
    expect(await store.enrolledCount(SCHOOL_UNIT_ID)).toBe(0);
    await enrol(TEACHER01, axis(0));
    await enrol(TEACHER02, axis(1));
    expect(await store.bestMatch(SCHOOL_UNIT_ID, axis(1))).toEqual({
      userId: TEACHER02,
      similarity: 1,
    });
    // Replacing a face updates the loaded index in place.
    clock.advance(60_000);
    await enrol(TEACHER02, axis(2));
    expect((await store.record(TEACHER02))?.registerTime).toBe(clock.now());
    expect(await store.enrolledCount(SCHOOL_UNIT_ID)).toBe(2);
    expect(await store.bestMatch(SCHOOL_UNIT_ID, axis(2))).toEqual({
      userId: TEACHER02,
      similarity: 1,
    });
    expect((await store.bestMatch(SCHOOL_UNIT_ID, axis(1)))?.similarity).toBe(0);
    // Another unit sees none of them.
    expect(await store.bestMatch(BUREAU_UNIT_ID, axis(0))).toBeUndefined();
  });

  it('reloads a unit index changed by another connection or by a cascade delete', async () => {
    await enrol(TEACHER01, axis(0));
    expect((await store.bestMatch(SCHOOL_UNIT_ID, axis(3)))?.userId).toBe(TEACHER01);

    const other = await openDatabase(location, clock.now);
    try {
      await new FaceStore(other, clock.now).enrol({
        userId: STAFF01,
        unitId: SCHOOL_UNIT_ID,
        image: Buffer.from([0x89, 0x50]),
        imageType: 'image/png',
        embedding: axis(3),
      });
      expect(await store.bestMatch(SCHOOL_UNIT_ID, axis(3))).toEqual({
        userId: STAFF01,
        similarity: 1,
      });

      await other.run('DELETE FROM users WHERE id = ?', [STAFF01]);
      expect(await store.record(STAFF01)).toBeUndefined();
      expect((await store.bestMatch(SCHOOL_UNIT_ID, axis(3)))?.userId).toBe(TEACHER01);
      expect(await store.enrolledCount(SCHOOL_UNIT_ID)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('moves a face to its new unit when a user is enrolled again elsewhere', async () => {
    await enrol(TEACHER02, axis(5));
    expect((await store.bestMatch(SCHOOL_UNIT_ID, axis(5)))?.userId).toBe(TEACHER02);
    await enrol(TEACHER02, axis(5), BUREAU_UNIT_ID);
    expect(await store.enrolledCount(SCHOOL_UNIT_ID)).toBe(0);
    expect((await store.bestMatch(BUREAU_UNIT_ID, axis(5)))?.userId).toBe(TEACHER02);
  });

  it('records clock-ins with the operator and the similarity', async () => {
    clock.advance(5_000);
    const time = await store.recordClocking({
      userId: TEACHER02,
      unitId: SCHOOL_UNIT_ID,
      operatorId: TEACHER01,
      similarity: 0.91,
    });
    expect(time).toBe(clock.now());
    expect(
      await db.all(
        'SELECT user_id, unit_id, operator_id, similarity, clock_time FROM face_clockings',
      ),
    ).toEqual([
      {
        user_id: TEACHER02,
        unit_id: SCHOOL_UNIT_ID,
        operator_id: TEACHER01,
        similarity: 0.91,
        clock_time: clock.now(),
      },
    ]);
  });

  it('refuses embeddings of another model', async () => {
    await expect(enrol(TEACHER01, new Float32Array(128))).rejects.toThrow(RangeError);
  });
});
