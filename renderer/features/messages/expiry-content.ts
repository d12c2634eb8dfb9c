import type { ModuleExpiryItem } from '../../../contract/desktop';
import {
  EXPIRY_STATUS_EXPIRED,
  EXPIRY_STATUS_IN_USE,
  EXPIRY_STATUS_SOON,
  EXPIRY_STATUS_TEXTS,
  EXPIRY_WARNING_WINDOW_MS,
  type ExpiryStatus,
} from '../../../contract/desktop-codes';

/** More modules than any unit holds; a longer list is cut rather than rendered. */
const MAX_MODULES = 500;

/** 'YYYY-MM-DD', optionally with ' HH:mm' or ' HH:mm:ss' (the platform's date format). */
const PLATFORM_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The platform writes its times in China time (UTC+8, see contract/desktop.ts). */
export function platformTimeToEpoch(value: string): number {
  const match = PLATFORM_DATE.exec(value.trim());
  if (!match) return Number.NaN;
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}+08:00`);
}

function statusAt(endTimestamp: number, now: number): ExpiryStatus {
  if (endTimestamp < now) return EXPIRY_STATUS_EXPIRED;
  if (endTimestamp - now <= EXPIRY_WARNING_WINDOW_MS) return EXPIRY_STATUS_SOON;
  return EXPIRY_STATUS_IN_USE;
}

function endTimestampOf(item: Record<string, unknown>): number {
  const { endTimestamp, endTime } = item;
  if (typeof endTimestamp === 'number' && Number.isFinite(endTimestamp)) return endTimestamp;
  if (typeof endTime === 'number' && Number.isFinite(endTime)) return endTime;
  if (typeof endTime === 'string') return platformTimeToEpoch(endTime);
  return Number.NaN;
}

/**
 * The module list of an openWay 1 message (spec §3: `content` is a JSON list of modules), read
 * defensively: the text is the server's, so anything that is not a list of modules with a code
 * and a readable end time is dropped rather than trusted. The status is recomputed for `now`
 * (the message may be days old), in the same 90-day rule as the expiry table.
 */
export function parseExpiryContent(content: string, now: number): ModuleExpiryItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const modules: ModuleExpiryItem[] = [];
  for (const entry of parsed.slice(0, MAX_MODULES) as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const item = entry as Record<string, unknown>;
    const code = typeof item.code === 'string' ? item.code : '';
    const endTimestamp = endTimestampOf(item);
    if (code === '' || !Number.isFinite(endTimestamp)) continue;
    const dqstatus = statusAt(endTimestamp, now);
    modules.push({
      code,
      name: typeof item.name === 'string' && item.name !== '' ? item.name : code,
      endTime: typeof item.endTime === 'string' ? item.endTime : '',
      endTimestamp,
      dqstatus,
      statusText: EXPIRY_STATUS_TEXTS[dqstatus].en,
    });
  }
  return modules;
}
