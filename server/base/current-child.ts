import type { Database, Statement } from 'better-sqlite3';
import { ACTIVE_CHILD_STATUS, type Child } from '../../contract/auth';

/** The child each parent chose last (student/set/parentChildren). */
export class CurrentChildStore {
  private readonly get: Statement<[number], { child_id: number }>;
  private readonly set: Statement<[number, number]>;

  constructor(db: Database) {
    this.get = db.prepare('SELECT child_id FROM parent_current_child WHERE parent_user_id = ?');
    this.set = db.prepare(
      `INSERT INTO parent_current_child (parent_user_id, child_id) VALUES (?, ?)
       ON CONFLICT (parent_user_id) DO UPDATE SET child_id = excluded.child_id`,
    );
  }

  /** The chosen child's id, as on the wire; undefined when the parent never chose. */
  childIdOf(parentUserId: number): string | undefined {
    const row = this.get.get(parentUserId);
    return row && String(row.child_id);
  }

  choose(parentUserId: number, childId: number): void {
    this.set.run(parentUserId, childId);
  }
}

/**
 * The current child (spec §4): the chosen one while it is active, else the first active child,
 * else none.
 */
export function pickCurrentChild(
  children: readonly Child[],
  chosenId: string | undefined,
): Child | null {
  const active = children.filter((child) => child.status === ACTIVE_CHILD_STATUS);
  return active.find((child) => child.id === chosenId) ?? active[0] ?? null;
}
