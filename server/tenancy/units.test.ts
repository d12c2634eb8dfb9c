import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../config';
import { openDatabase } from '../db/database';
import type { Sql } from '../db/sql';
import { seedDemoData } from '../db/seed';
import { createClock, type TestClock, TEST_PASSWORD_COST } from '../testing/test-app';
import { UnitRepository } from './units';

describe('UnitRepository.unitIdOfHost (the unit of a request)', () => {
  let dir: string;
  let db: Sql;
  let clock: TestClock;
  let units: UnitRepository;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-units-test-'));
    db = await openDatabase({ dataDir: dir });
    clock = createClock();
    await seedDemoData(db, {
      ...DEFAULT_OPTIONS,
      passwordCost: TEST_PASSWORD_COST,
      now: clock.now,
    });
    units = new UnitRepository(db, 1001, clock.now);
  });

  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['area.localhost', 2001],
    ['AREA.localhost.', 2001],
    ['localhost', 1001],
    ['127.0.0.1', 1001],
    ['school.localhost', 1001],
    ['unbound.example.test', 1001],
    ['', 1001],
    [undefined, 1001],
  ])('%s → %i, as resolveHost decides', async (host, unitId) => {
    expect(await units.unitIdOfHost(host)).toBe(unitId);
    expect((await units.resolveHost(host))?.id).toBe(unitId);
  });

  it('sees a host bound to another unit within 2 s', async () => {
    expect(await units.unitIdOfHost('new.localhost')).toBe(1001);
    await db.run("INSERT INTO unit_hosts (host, unit_id) VALUES ('new.localhost', 2001)");
    expect(await units.unitIdOfHost('new.localhost')).toBe(1001);
    clock.advance(2000);
    expect(await units.unitIdOfHost('new.localhost')).toBe(2001);
  });
});
