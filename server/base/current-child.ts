import { ACTIVE_CHILD_STATUS, type Child } from '../../contract/auth';
import type { Sql } from '../db/sql';

const CHOSEN = 'SELECT child_id FROM parent_current_child WHERE parent_user_id = ?';
const CHOOSE = `INSERT INTO parent_current_child (parent_user_id, child_id) VALUES (?, ?)
  ON CONFLICT (parent_user_id) DO UPDATE SET child_id = excluded.child_id`;

/** The child each parent chose last (student/set/parentChildren). */
export class CurrentChildStore {
  constructor(private readonly sql: Sql) {}

  /** The chosen child's id, as on the wire; undefined when the parent never chose. */
  async childIdOf(parentUserId: number): Promise<string | undefined> {
    const row = await this.sql.get<{ child_id: number }>(CHOSEN, [parentUserId]);
    return row && String(row.child_id);
  }

  async choose(parentUserId: number, childId: number): Promise<void> {
    await this.sql.run(CHOOSE, [parentUserId, childId]);
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
