import type { Sql } from '../db/sql';

export interface IdentityLink {
  teacherId: number;
  parentId: number;
}

const OF_USER = `SELECT teacher_user_id, parent_user_id FROM identity_links
  WHERE teacher_user_id = ? OR parent_user_id = ? ORDER BY teacher_user_id, parent_user_id`;

/**
 * Links between a teacher account and the parent account of the same person (spec §6 role
 * switcher). A switch is allowed only along a stored link, in either direction.
 */
export class IdentityLinks {
  constructor(private readonly sql: Sql) {}

  /** The links the user is part of, as teacher or as parent. */
  async linksOf(userId: number): Promise<IdentityLink[]> {
    const rows = await this.sql.all<{ teacher_user_id: number; parent_user_id: number }>(OF_USER, [
      userId,
      userId,
    ]);
    return rows.map((row) => ({ teacherId: row.teacher_user_id, parentId: row.parent_user_id }));
  }

  /** Whether two different accounts are linked (either one the teacher). */
  async areLinked(userId: number, otherId: number): Promise<boolean> {
    return (await this.linksOf(userId)).some(
      (link) =>
        (link.teacherId === userId && link.parentId === otherId) ||
        (link.parentId === userId && link.teacherId === otherId),
    );
  }
}
