import type { Sql } from '../db/sql';

export interface AccessDetail {
  userId: number;
  userType: number;
  unitId: number;
  resId: string;
  resName: string;
  type: number;
}

const INSERT = `INSERT INTO user_access_details (user_id, user_type, unit_id, res_id, res_name, type,
    created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`;

/** The record of applications users opened (spec §7 user_access_detail). */
export class AccessDetailsStore {
  constructor(private readonly sql: Sql) {}

  /** Stores the record; returns its id. */
  async record(detail: AccessDetail, now: number): Promise<number> {
    const row = await this.sql.get<{ id: number }>(INSERT, [
      detail.userId,
      detail.userType,
      detail.unitId,
      detail.resId,
      detail.resName,
      detail.type,
      now,
    ]);
    if (!row) throw new Error('INSERT … RETURNING id returned no row');
    return row.id;
  }
}
