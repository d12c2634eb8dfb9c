import { afterEach, describe, expect, it } from 'vitest';
import { gate } from '../testing/gate';
import { openTestDatabase, TEST_POSTGRES_URL } from '../testing/test-database';
import type { Sql } from './sql';

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

describe.runIf(TEST_POSTGRES_URL !== undefined)('PostgreSQL conflicts', () => {
  it("runs a deadlock's victim again: both transactions commit, nobody sees an error", async () => {
    const { sql, dispose } = await openTestDatabase();
    disposals.push(dispose);
    await sql.exec('CREATE TABLE conflict_rows (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)');
    await sql.run('INSERT INTO conflict_rows (id, n) VALUES (1, 0), (2, 0)');
    const aHolds = gate();
    const bHolds = gate();
    const bump = 'UPDATE conflict_rows SET n = n + 1 WHERE id = ?';
    // A locks row 1 then wants row 2; B locks row 2 then wants row 1: PostgreSQL aborts one.
    const crossing = (first: number, second: number, mine: typeof aHolds, theirs: typeof aHolds) =>
      sql.transaction(async (tx: Sql) => {
        await tx.run(bump, [first]);
        mine.open();
        await theirs.opened;
        await tx.run(bump, [second]);
      });
    await Promise.all([crossing(1, 2, aHolds, bHolds), crossing(2, 1, bHolds, aHolds)]);
    expect(await sql.all('SELECT id, n FROM conflict_rows ORDER BY id')).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
