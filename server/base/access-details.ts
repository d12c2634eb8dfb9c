import type { Database, Statement } from 'better-sqlite3';

export interface AccessDetail {
  userId: number;
  userType: number;
  unitId: number;
  resId: string;
  resName: string;
  type: number;
}

/** The record of applications users opened (spec §7 user_access_detail). */
export class AccessDetailsStore {
  private readonly insert: Statement<[number, number, number, string, string, number, number]>;

  constructor(db: Database) {
    this.insert = db.prepare(
      `INSERT INTO user_access_details (user_id, user_type, unit_id, res_id, res_name, type,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(detail: AccessDetail, now: number): number {
    const result = this.insert.run(
      detail.userId,
      detail.userType,
      detail.unitId,
      detail.resId,
      detail.resName,
      detail.type,
      now,
    );
    return Number(result.lastInsertRowid);
  }
}
