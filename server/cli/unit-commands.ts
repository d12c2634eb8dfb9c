import { domainToASCII } from 'node:url';
import type { DecorationSet, FilingEntry } from '../../contract/auth';
import { isJsonObject } from '../../contract/deep-merge';
import { CHINA_OFFSET_MS, formatChinaTime } from '../base/china-time';
import { MIIT_FILING, policeFiling } from '../db/seed-data';
import { catalogueAppsOf, installUnitApps } from '../db/seed-desktop';
import type { Sql } from '../db/sql';
import {
  type AdminContext,
  type CommandResult,
  findUnit,
  refuse,
  text,
  type UnitRow,
} from './admin-common';

/**
 * The administrator's unit commands (docs/operations.md, "Units"): a new unit with its
 * applications, its names and filing numbers (what the login page's and the desktop's footer
 * show), the host names it answers on (the tenancy rule: server/tenancy/units.ts) and its module
 * licences (what the desktop's module-expiry table and licence check read:
 * server/base/licences-repository.ts).
 */

/** The unit types (spec §1): an education bureau (area) or a school. */
export const UNIT_TYPES: Readonly<Record<string, 1 | 2>> = { area: 1, school: 2 };

const UNIT_TYPE_NAMES: Readonly<Record<number, { en: string; zh: string }>> = {
  1: { en: 'area (education bureau)', zh: '区域（教育局）' },
  2: { en: 'school', zh: '学校' },
};

/** A unit type from its word or code; undefined for anything else. */
export function unitTypeOf(value: string): 1 | 2 | undefined {
  const word = value.trim().toLowerCase();
  if (word === '1' || word === '2') return word === '1' ? 1 : 2;
  return UNIT_TYPES[word];
}

/** The longest unit name, in characters as people count them. */
export const UNIT_NAME_MAX_LENGTH = 100;

/**
 * Control, format (bidirectional overrides, zero-width characters), private-use and unpaired
 * surrogate characters, and line or paragraph separators: nothing a unit's name shows.
 */
const HIDDEN_CHARACTERS = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * A unit's name (or English name) as given, trimmed; refused when empty (unless `optional`), too
 * long, with characters that do not print, or with `|||`, which splits the platform's bilingual
 * texts (contract/envelope.ts).
 */
export function unitNameOf(value: string, option: string, optional = false): string {
  const name = value.trim();
  if (name === '' && optional) return '';
  if (name === '') throw refuse(`--${option} is empty`, `--${option} 为空`);
  if (Array.from(new Intl.Segmenter().segment(name)).length > UNIT_NAME_MAX_LENGTH) {
    throw refuse(
      `--${option} is too long: at most ${String(UNIT_NAME_MAX_LENGTH)} characters`,
      `--${option} 太长：最多 ${String(UNIT_NAME_MAX_LENGTH)} 个字符`,
    );
  }
  if (HIDDEN_CHARACTERS.test(name) || name.includes('|||')) {
    throw refuse(
      `--${option} may not contain control or invisible characters, line breaks or "|||"`,
      `--${option} 不能包含控制字符、不可见字符、换行或“|||”`,
    );
  }
  return name;
}

/** What a new unit's login page and desktop footer show: no filing number until set-unit. */
function newUnitDecorationSet(): DecorationSet {
  return {
    defaultLanguage: 'zh-CN',
    themeList: [],
    footerMsg: {
      show: true,
      helpCenter: false,
      conectNZ: false,
      showBaMsg: false,
      copyright: '',
      baList: [],
    },
  };
}

export interface NewUnit {
  id: number;
  unitType: 1 | 2;
  name: string;
  enName: string;
}

/**
 * Writes a new unit inside the caller's transaction: the unit, its login page (no footer text,
 * no filing number), its desktop flags and the platform's applications for its type. No host, no
 * licence: bind-host and grant-module add them.
 */
export async function insertUnit(tx: Sql, unit: NewUnit): Promise<void> {
  const inserted = await tx.get<{ id: number }>(
    `INSERT INTO units (id, name, en_name, unit_type, unit_status, sharding_code, campus_units)
     VALUES (?, ?, ?, ?, 1, '', '[]') ON CONFLICT DO NOTHING RETURNING id`,
    [unit.id, unit.name, unit.enName, unit.unitType],
  );
  if (!inserted) {
    throw refuse(`Unit ${String(unit.id)} exists already`, `单位 ${String(unit.id)} 已存在`);
  }
  await tx.run('INSERT INTO unit_login_configs (unit_id, decoration_set) VALUES (?, ?)', [
    unit.id,
    JSON.stringify(newUnitDecorationSet()),
  ]);
  await tx.run('INSERT INTO unit_desktop_settings (unit_id, theme) VALUES (?, NULL)', [unit.id]);
  await installUnitApps(tx, unit.id, catalogueAppsOf(unit.unitType));
}

function describeUnit(unit: { id: number; name: string }): string {
  return `${String(unit.id)} ${unit.name}`;
}

export async function addUnit(sql: Sql, input: NewUnit): Promise<CommandResult> {
  const unit = {
    ...input,
    name: unitNameOf(input.name, 'name'),
    enName: unitNameOf(input.enName, 'en-name', true),
  };
  await sql.transaction(async (tx) => {
    const existing = await tx.get<UnitRow>('SELECT id, name, unit_type FROM units WHERE id = ?', [
      unit.id,
    ]);
    if (existing) {
      throw refuse(
        `Unit ${describeUnit(existing)} exists already: change it with set-unit`,
        `单位 ${describeUnit(existing)} 已存在：请用 set-unit 修改`,
      );
    }
    await insertUnit(tx, unit);
  });
  const type = UNIT_TYPE_NAMES[unit.unitType] ?? { en: '', zh: '' };
  return {
    lines: [
      text(
        `Added unit ${describeUnit(unit)} (${type.en}) with the platform's applications. Next: bind-host, grant-module, create-admin or import-users.`,
        `已添加单位 ${describeUnit(unit)}（${type.zh}），并开通平台应用。下一步：bind-host、grant-module、create-admin 或 import-users。`,
      ),
    ],
  };
}

/**
 * An ICP filing number as MIIT issues it: the province's one-character abbreviation, ICP备 (or
 * ICP证 for a licence), the number, 号, and for a website its serial (`浙ICP备20260001号-1`).
 */
const ICP_FILING = /^\p{Script=Han}ICP[备证]\d{6,12}号(?:-\d{1,4})?$/u;
/** A public-security filing: the abbreviation, 公网安备, its 14-digit record code and 号. */
const POLICE_FILING = /^(\p{Script=Han})公网安备 ?(\d{14})号$/u;

const MIIT_HOST = new URL(MIIT_FILING.baUrl).host;
const POLICE_HOST = new URL(policeFiling('0', '').baUrl).host;

function filingHost(entry: FilingEntry): string | undefined {
  try {
    return new URL(entry.baUrl).host;
  } catch {
    return undefined;
  }
}

export function icpFilingOf(value: string): FilingEntry | undefined {
  const number = value.trim();
  if (number === '') return undefined;
  if (!ICP_FILING.test(number)) {
    throw refuse(
      '--filing-icp must be the ICP filing number as issued, such as 浙ICP备20260001号-1 ("" removes it)',
      '--filing-icp 须为工信部备案号原文，例如 浙ICP备20260001号-1（"" 表示删除）',
    );
  }
  return { ...MIIT_FILING, baContent: number };
}

export function policeFilingOf(value: string): FilingEntry | undefined {
  const number = value.trim();
  if (number === '') return undefined;
  const match = POLICE_FILING.exec(number);
  if (!match) {
    throw refuse(
      '--filing-police must be the public-security filing number as issued, such as 浙公网安备 33010802000001号 ("" removes it)',
      '--filing-police 须为公安备案号原文，例如 浙公网安备 33010802000001号（"" 表示删除）',
    );
  }
  return policeFiling(match[2] ?? '', match[1] ?? '');
}

export interface UnitChanges {
  name?: string;
  enName?: string;
  /** An ICP filing number; '' removes it. */
  filingIcp?: string;
  /** A public-security filing number; '' removes it. */
  filingPolice?: string;
}

interface LoginConfigRow {
  footer: string;
  ba_img: string;
  ba_content: string;
  ba_url: string;
  decoration_set: string;
}

function decorationOf(raw: string): DecorationSet {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isJsonObject(parsed) && isJsonObject(parsed.footerMsg)) return parsed as DecorationSet;
  } catch {
    // A malformed set is replaced by the new unit's.
  }
  return newUnitDecorationSet();
}

/** A kind of filing after a change: the new entry, none ('' given), or those there were. */
function entriesAfter(
  change: { entry: FilingEntry | undefined } | undefined,
  kept: FilingEntry[],
): FilingEntry[] {
  if (change === undefined) return kept;
  return change.entry === undefined ? [] : [change.entry];
}

/** Replaces a name in a footer text, so the copyright and footer name the unit as renamed. */
function renamed(textValue: string, from: string, to: string): string {
  return from === '' || to === '' ? textValue : textValue.split(from).join(to);
}

/**
 * Renames a unit and sets its filing numbers: the login page's and the desktop's footer list the
 * ICP filing, then the public-security one (with its badge), as the demo units do
 * (server/db/seed-data.ts); the top-level ba_* columns carry the public-security one for clients
 * that read only those. A new name also replaces the old one in the footer and copyright texts.
 */
export async function setUnit(
  sql: Sql,
  input: { unitId: number; changes: UnitChanges },
): Promise<CommandResult> {
  const { changes } = input;
  const name = changes.name === undefined ? undefined : unitNameOf(changes.name, 'name');
  const enName =
    changes.enName === undefined ? undefined : unitNameOf(changes.enName, 'en-name', true);
  const icp =
    changes.filingIcp === undefined ? undefined : { entry: icpFilingOf(changes.filingIcp) };
  const police =
    changes.filingPolice === undefined
      ? undefined
      : { entry: policeFilingOf(changes.filingPolice) };
  if (name === undefined && enName === undefined && icp === undefined && police === undefined) {
    throw refuse(
      'Nothing to change: give --name, --en-name, --filing-icp or --filing-police',
      '没有要修改的内容：请给出 --name、--en-name、--filing-icp 或 --filing-police',
      2,
    );
  }
  const lines = await sql.transaction(async (tx) => {
    const unit = await findUnit(tx, input.unitId);
    const before = await tx.get<{ en_name: string }>('SELECT en_name FROM units WHERE id = ?', [
      unit.id,
    ]);
    const oldEnName = before?.en_name ?? '';
    await tx.run('UPDATE units SET name = ?, en_name = ? WHERE id = ?', [
      name ?? unit.name,
      enName ?? oldEnName,
      unit.id,
    ]);
    const row = await tx.get<LoginConfigRow>(
      `SELECT footer, ba_img, ba_content, ba_url, decoration_set FROM unit_login_configs
       WHERE unit_id = ?`,
      [unit.id],
    );
    const decoration = decorationOf(row?.decoration_set ?? '');
    const list = Array.isArray(decoration.footerMsg.baList) ? decoration.footerMsg.baList : [];
    const baList = [
      ...entriesAfter(
        icp,
        list.filter((e) => filingHost(e) === MIIT_HOST),
      ),
      ...entriesAfter(
        police,
        list.filter((e) => filingHost(e) === POLICE_HOST),
      ),
      ...list.filter((e) => ![MIIT_HOST, POLICE_HOST].includes(filingHost(e) ?? '')),
    ];
    let footer = row?.footer ?? '';
    let copyright = decoration.footerMsg.copyright;
    if (name !== undefined) {
      footer = renamed(footer, unit.name, name);
      copyright = renamed(copyright, unit.name, name);
    }
    if (enName !== undefined) {
      footer = renamed(footer, oldEnName, enName);
      copyright = renamed(copyright, oldEnName, enName);
    }
    const next: DecorationSet = {
      ...decoration,
      footerMsg: {
        ...decoration.footerMsg,
        show: decoration.footerMsg.show || baList.length > 0,
        showBaMsg: baList.length > 0,
        copyright,
        baList,
      },
    };
    const top = police ? police.entry : list.find((e) => filingHost(e) === POLICE_HOST);
    const columns = police
      ? [top?.baImg ?? '', top?.baContent ?? '', top?.baUrl ?? '']
      : [row?.ba_img ?? '', row?.ba_content ?? '', row?.ba_url ?? ''];
    await tx.run(
      `INSERT INTO unit_login_configs (unit_id, footer, ba_img, ba_content, ba_url, decoration_set)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (unit_id) DO UPDATE SET footer = excluded.footer, ba_img = excluded.ba_img,
         ba_content = excluded.ba_content, ba_url = excluded.ba_url,
         decoration_set = excluded.decoration_set`,
      [unit.id, footer, ...columns, JSON.stringify(next)],
    );
    const done = [];
    const label = describeUnit({ id: unit.id, name: name ?? unit.name });
    if (name !== undefined) {
      done.push(text(`name "${unit.name}" → "${name}"`, `名称“${unit.name}”→“${name}”`));
    }
    if (enName !== undefined) {
      done.push(
        text(`English name "${oldEnName}" → "${enName}"`, `英文名称“${oldEnName}”→“${enName}”`),
      );
    }
    if (icp !== undefined) {
      done.push(
        icp.entry
          ? text(`ICP filing ${icp.entry.baContent}`, `ICP 备案号 ${icp.entry.baContent}`)
          : text('ICP filing removed', '已删除 ICP 备案号'),
      );
    }
    if (police !== undefined) {
      done.push(
        police.entry
          ? text(
              `public-security filing ${police.entry.baContent}`,
              `公安备案号 ${police.entry.baContent}`,
            )
          : text('public-security filing removed', '已删除公安备案号'),
      );
    }
    return [
      text(
        `Changed unit ${label}: ${done.map((line) => line.en).join('; ')}.`,
        `已修改单位 ${label}：${done.map((line) => line.zh).join('；')}。`,
      ),
    ];
  });
  return { lines };
}

/** Host names have at most 253 characters in labels of 1 to 63 (RFC 1035). */
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * A host name as the server compares it (server/tenancy/host.ts: lowercase, no trailing dot),
 * an internationalised one in its ASCII form; an IPv4 address is taken too. Refused: a scheme, a
 * port, a path, an IPv6 address, anything that is not a host name.
 */
export function hostNameOf(value: string): string {
  const given = value.trim().replace(/\.$/, '');
  // domainToASCII would drop a path ('x.org/login'): only a name's own characters go to it.
  const ascii =
    given.length > 253 || /[\s/\\:?#@%[\]]/.test(given) ? '' : domainToASCII(given.toLowerCase());
  const valid =
    ascii !== '' &&
    ascii.length <= 253 &&
    (IPV4.test(ascii) ||
      (!/^[\d.]+$/.test(ascii) && ascii.split('.').every((label) => HOST_LABEL.test(label))));
  if (!valid) {
    throw refuse(
      `"${value}" is not a host name: give the name users open, such as school.example.org (no scheme, port or path)`,
      `“${value}”不是主机名：请给出用户访问的域名，例如 school.example.org（不含协议、端口或路径）`,
    );
  }
  return ascii;
}

export async function bindHost(
  sql: Sql,
  input: { host: string; unitId: number },
): Promise<CommandResult & { changed: boolean }> {
  const host = hostNameOf(input.host);
  return sql.transaction(async (tx) => {
    const unit = await findUnit(tx, input.unitId);
    const bound = await tx.get<{ unit_id: number }>(
      'SELECT unit_id FROM unit_hosts WHERE host = ?',
      [host],
    );
    if (bound?.unit_id === unit.id) {
      return {
        changed: false,
        lines: [
          text(
            `${host} was already bound to unit ${describeUnit(unit)}.`,
            `${host} 本已绑定到单位 ${describeUnit(unit)}。`,
          ),
        ],
      };
    }
    if (bound) {
      const other = await findUnit(tx, bound.unit_id);
      throw refuse(
        `${host} is bound to unit ${describeUnit(other)}: unbind it first (unbind-host ${host})`,
        `${host} 已绑定到单位 ${describeUnit(other)}：请先解除（unbind-host ${host}）`,
      );
    }
    await tx.run('INSERT INTO unit_hosts (host, unit_id) VALUES (?, ?)', [host, unit.id]);
    return {
      changed: true,
      lines: [
        text(
          `Bound ${host} to unit ${describeUnit(unit)}: its login page and sign-ins are the unit's (within 2 s on a running server).`,
          `已将 ${host} 绑定到单位 ${describeUnit(unit)}：该地址的登录页和登录属于此单位（运行中的服务器 2 秒内生效）。`,
        ),
      ],
    };
  });
}

export async function unbindHost(sql: Sql, input: { host: string }): Promise<CommandResult> {
  const host = hostNameOf(input.host);
  return sql.transaction(async (tx) => {
    const bound = await tx.get<{ unit_id: number }>(
      'SELECT unit_id FROM unit_hosts WHERE host = ?',
      [host],
    );
    if (!bound) throw refuse(`No unit is bound to ${host}`, `${host} 未绑定任何单位`);
    const unit = await findUnit(tx, bound.unit_id);
    await tx.run('DELETE FROM unit_hosts WHERE host = ?', [host]);
    return {
      lines: [
        text(
          `Unbound ${host} from unit ${describeUnit(unit)}: it now answers as the default unit (EDUDESK_DEFAULT_UNIT_ID), if there is one.`,
          `已解除 ${host} 与单位 ${describeUnit(unit)} 的绑定：该地址此后按默认单位（EDUDESK_DEFAULT_UNIT_ID，如存在）应答。`,
        ),
      ],
    };
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The end of a licence given as YYYY-MM-DD: the last second of that day in China time, the
 * platform's time zone (server/base/china-time.ts), so the desktop shows `YYYY-MM-DD 23:59:59`.
 */
export function licenceEndOf(value: string): number {
  const match = DATE.exec(value.trim());
  const [year, month, day] = (match?.slice(1) ?? []).map(Number);
  const start =
    year === undefined || month === undefined || day === undefined
      ? Number.NaN
      : Date.UTC(year, month - 1, day);
  const date = new Date(start);
  if (
    !match ||
    Number.isNaN(start) ||
    year === undefined ||
    year < 2000 ||
    year > 2999 ||
    date.getUTCMonth() !== (month ?? 0) - 1 ||
    date.getUTCDate() !== day
  ) {
    throw refuse(
      `--until must be a date YYYY-MM-DD between 2000 and 2999, such as 2027-08-31 (not "${value}")`,
      `--until 须为 2000 至 2999 年间的日期 YYYY-MM-DD，例如 2027-08-31（而非“${value}”）`,
    );
  }
  return start + 24 * 3600 * 1000 - CHINA_OFFSET_MS - 1000;
}

/**
 * A unit's licence for a module (a serverId of desktop_modules), valid until the end of the day
 * given; granting again moves its end (a date in the past ends it).
 */
export async function grantModule(
  sql: Sql,
  input: { module: string; unitId: number; until: string },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { endTime: number }> {
  const endTime = licenceEndOf(input.until);
  return sql.transaction(async (tx) => {
    const unit = await findUnit(tx, input.unitId);
    const module = await tx.get<{ server_id: string; name: string }>(
      'SELECT server_id, name FROM desktop_modules WHERE server_id = ?',
      [input.module],
    );
    if (!module) {
      const known = (
        await tx.all<{ server_id: string }>(
          'SELECT server_id FROM desktop_modules ORDER BY server_id',
        )
      )
        .map((row) => row.server_id)
        .join(', ');
      throw refuse(
        `There is no module "${input.module}" (modules: ${known})`,
        `没有模块“${input.module}”（现有模块：${known}）`,
      );
    }
    await tx.run(
      `INSERT INTO module_licences (unit_id, server_id, name, end_time, end_offset_ms)
       VALUES (?, ?, ?, ?, NULL)
       ON CONFLICT (unit_id, server_id) DO UPDATE SET name = excluded.name,
         end_time = excluded.end_time, end_offset_ms = NULL`,
      [unit.id, module.server_id, module.name, endTime],
    );
    const until = formatChinaTime(endTime);
    const ended = endTime < context.now();
    return {
      endTime,
      lines: [
        ended
          ? text(
              `The licence of unit ${describeUnit(unit)} for ${module.name} (${module.server_id}) ended ${until} (China time): the module is now refused.`,
              `单位 ${describeUnit(unit)} 的${module.name}（${module.server_id}）授权已于 ${until}（北京时间）到期：该模块现不可用。`,
            )
          : text(
              `Unit ${describeUnit(unit)} holds a licence for ${module.name} (${module.server_id}) until ${until} (China time).`,
              `单位 ${describeUnit(unit)} 已获${module.name}（${module.server_id}）授权，有效期至 ${until}（北京时间）。`,
            ),
      ],
    };
  });
}
