import type { ModuleExpiryItem } from '../../contract/desktop';
import { EXPIRY_STATUS_EXPIRED, EXPIRY_STATUS_TEXTS } from '../../contract/desktop-codes';
import type { LangType } from '../../contract/languages';
import type { Sql } from '../db/sql';
import { formatChinaTime } from './china-time';
import { compareExpiry, expiryStatus } from './expiry-status';
import { pick } from './request-language';

interface LicenceRow {
  server_id: string;
  name: string;
  end_time: number | null;
  end_offset_ms: number | null;
}

// ORDER BY: licences ending at the same time keep one order on both engines.
const OF_UNIT = `SELECT server_id, name, end_time, end_offset_ms FROM module_licences
  WHERE unit_id = ? ORDER BY server_id`;
const ONE = `SELECT server_id, name, end_time, end_offset_ms FROM module_licences
  WHERE unit_id = ? AND server_id = ?`;

/** Module licences of a unit, with their status computed at the time asked. */
export class LicencesRepository {
  constructor(private readonly sql: Sql) {}

  /** The unit's licences in the spec's order (expired, soon, in use). */
  async list(unitId: number, now: number, lang: LangType): Promise<ModuleExpiryItem[]> {
    const rows = await this.sql.all<LicenceRow>(OF_UNIT, [unitId]);
    return rows.map((row) => toItem(row, now, lang)).sort(compareExpiry);
  }

  /** The items of some modules (unknown or unlicensed ones are left out), in the spec's order. */
  async listOf(
    unitId: number,
    codes: readonly string[],
    now: number,
    lang: LangType,
  ): Promise<ModuleExpiryItem[]> {
    const wanted = new Set(codes);
    return (await this.list(unitId, now, lang)).filter((item) => wanted.has(item.code));
  }

  /** Whether the unit holds an unexpired licence for the module. */
  async isLicensed(unitId: number, serverId: string, now: number): Promise<boolean> {
    const row = await this.sql.get<LicenceRow>(ONE, [unitId, serverId]);
    return row !== undefined && expiryStatus(endOf(row, now), now) !== EXPIRY_STATUS_EXPIRED;
  }
}

/** A demo row's end moves with the clock (see the migration); a real row's end is fixed. */
function endOf(row: LicenceRow, now: number): number {
  return row.end_time ?? now + (row.end_offset_ms ?? 0);
}

function toItem(row: LicenceRow, now: number, lang: LangType): ModuleExpiryItem {
  const end = endOf(row, now);
  const dqstatus = expiryStatus(end, now);
  return {
    code: row.server_id,
    name: row.name,
    endTime: formatChinaTime(end),
    endTimestamp: end,
    dqstatus,
    statusText: pick(lang, EXPIRY_STATUS_TEXTS[dqstatus]),
  };
}
