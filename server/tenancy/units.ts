import type { DecorationSet, UnitLoginConfig } from '../../contract/auth';
import type { Sql } from '../db/sql';
import { unitLogoPath } from '../storage/paths';
import { normalizeHost } from './host';
import { boundedSet } from '../bounded-map';

export interface Unit {
  id: number;
  name: string;
  enName: string;
  unitType: number;
  unitStatus: number;
  shardingCode: string;
  /** A JSON list, sent to the client as a string (spec §3 campusUnits). */
  campusUnits: string;
}

export interface UnitRow {
  id: number;
  name: string;
  en_name: string;
  unit_type: number;
  unit_status: number;
  sharding_code: string;
  campus_units: string;
}

interface LoginConfigRow {
  footer: string;
  link: string;
  ba_img: string;
  ba_content: string;
  ba_url: string;
  help_center: number;
  decoration_set: string;
}

/** What a unit without its own login configuration shows: no footer, Chinese first. */
const DEFAULT_DECORATION_SET: DecorationSet = {
  defaultLanguage: 'zh-CN',
  themeList: [],
  footerMsg: {
    show: false,
    helpCenter: false,
    conectNZ: false,
    showBaMsg: false,
    copyright: '',
    baList: [],
  },
};

/** How long a host's unit id is remembered (like a session lookup), and for how many hosts. */
const HOST_CACHE_MS = 2000;
const HOST_CACHE_ENTRIES = 1000;

const UNIT_COLUMNS =
  'u.id, u.name, u.en_name, u.unit_type, u.unit_status, u.sharding_code, u.campus_units';
const BY_ID = `SELECT ${UNIT_COLUMNS} FROM units u WHERE u.id = ?`;
const BY_HOST = `SELECT ${UNIT_COLUMNS} FROM units u
  JOIN unit_hosts h ON h.unit_id = u.id WHERE h.host = ?`;
const UNIT_ID_BY_HOST = 'SELECT unit_id FROM unit_hosts WHERE host = ?';
const LOGIN_CONFIG = `SELECT footer, link, ba_img, ba_content, ba_url, help_center, decoration_set
  FROM unit_login_configs WHERE unit_id = ?`;

export function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    name: row.name,
    enName: row.en_name,
    unitType: row.unit_type,
    unitStatus: row.unit_status,
    shardingCode: row.sharding_code,
    campusUnits: row.campus_units,
  };
}

/** Units, the hosts bound to them (tenancy) and their login-page configuration. */
export class UnitRepository {
  private readonly hostCache = new Map<string, { unitId: number; cachedUntil: number }>();

  constructor(
    private readonly sql: Sql,
    private readonly defaultUnitId: number,
    private readonly now: () => number = Date.now,
  ) {}

  async findById(id: number): Promise<Unit | undefined> {
    if (!Number.isSafeInteger(id)) return undefined;
    const row = await this.sql.get<UnitRow>(BY_ID, [id]);
    return row && toUnit(row);
  }

  /**
   * The unit of a host (a bare host or URL). A host bound to no unit falls back to the default
   * unit so a fresh install answers on any name or address (e.g. a LAN IP) without setup; a
   * production platform would refuse unknown hosts instead.
   */
  async resolveHost(host: string | undefined): Promise<Unit | undefined> {
    const normalized = normalizeHost(host);
    const row =
      normalized === undefined ? undefined : await this.sql.get<UnitRow>(BY_HOST, [normalized]);
    return row ? toUnit(row) : this.findById(this.defaultUnitId);
  }

  /** True when the operator bound this host name (lowercase, no port) to a unit. */
  async isBoundHost(hostname: string): Promise<boolean> {
    return (await this.boundUnitId(hostname)) !== undefined;
  }

  private async boundUnitId(hostname: string): Promise<number | undefined> {
    return (await this.sql.get<{ unit_id: number }>(UNIT_ID_BY_HOST, [hostname]))?.unit_id;
  }

  /**
   * The id of the unit of a host, as `resolveHost` decides it (the bound unit, else the default
   * unit), for the tenancy check of every request. It is remembered for 2 s, so binding a host
   * to another unit takes effect within 2 s.
   */
  async unitIdOfHost(host: string | undefined): Promise<number> {
    const key = host ?? '';
    const now = this.now();
    const hit = this.hostCache.get(key);
    if (hit && hit.cachedUntil > now) return hit.unitId;
    const normalized = normalizeHost(host);
    const unitId =
      (normalized === undefined ? undefined : await this.boundUnitId(normalized)) ??
      this.defaultUnitId;
    // The Host header is the caller's to choose: the oldest entry makes room.
    boundedSet(
      this.hostCache,
      key,
      { unitId, cachedUntil: now + HOST_CACHE_MS },
      HOST_CACHE_ENTRIES,
    );
    return unitId;
  }

  /** The login-page configuration of a unit in its wire shape (spec §3 unit login config). */
  async loginConfig(unit: Unit): Promise<UnitLoginConfig> {
    const row = await this.sql.get<LoginConfigRow>(LOGIN_CONFIG, [unit.id]);
    return {
      unitId: String(unit.id),
      unitName: unit.name,
      unitEnName: unit.enName,
      unitType: String(unit.unitType),
      unitImgPath: unitLogoPath(unit.id),
      footer: row?.footer ?? '',
      link: row?.link ?? '',
      baImg: row?.ba_img ?? '',
      baContent: row?.ba_content ?? '',
      baUrl: row?.ba_url ?? '',
      helpCenter: row?.help_center === 1,
      decorationSet: row?.decoration_set ?? JSON.stringify(DEFAULT_DECORATION_SET),
    };
  }
}
