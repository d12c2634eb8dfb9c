import type { Database, Statement } from 'better-sqlite3';

export interface IdentityLink {
  teacherId: number;
  parentId: number;
}

/**
 * Links between a teacher account and the parent account of the same person (spec §6 role
 * switcher). A switch is allowed only along a stored link, in either direction.
 */
export class IdentityLinks {
  private readonly ofUser: Statement<
    [number, number],
    { teacher_user_id: number; parent_user_id: number }
  >;

  constructor(db: Database) {
    this.ofUser = db.prepare(
      `SELECT teacher_user_id, parent_user_id FROM identity_links
       WHERE teacher_user_id = ? OR parent_user_id = ? ORDER BY teacher_user_id, parent_user_id`,
    );
  }

  /** The links the user is part of, as teacher or as parent. */
  linksOf(userId: number): IdentityLink[] {
    return this.ofUser
      .all(userId, userId)
      .map((row) => ({ teacherId: row.teacher_user_id, parentId: row.parent_user_id }));
  }

  /** Whether two different accounts are linked (either one the teacher). */
  areLinked(userId: number, otherId: number): boolean {
    return this.linksOf(userId).some(
      (link) =>
        (link.teacherId === userId && link.parentId === otherId) ||
        (link.parentId === userId && link.teacherId === otherId),
    );
  }
}
