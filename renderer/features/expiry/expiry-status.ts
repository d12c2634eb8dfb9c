/**
 * Module expiry status (spec §4): expired (3) when endTime is before now, soon to expire (2)
 * within 90 days, in use (1) otherwise; the list is ordered expired, soon, in use. Pure.
 */
export const EXPIRY_WARNING_MS = 7_776_000_000;

export type ExpiryStatus = 1 | 2 | 3;
export const EXPIRY_STATUS_TEXT = { 1: 'In use', 2: 'Soon to expire', 3: 'Expired' } as const;

export interface ExpiryInput {
  code: string;
  name: string;
  /** Epoch milliseconds, or the platform's 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8). */
  endTime: string | number;
}

export interface ExpiryRowStatus {
  dqstatus: ExpiryStatus;
  /** The spec's English status text; the table shows it translated. */
  statusText: (typeof EXPIRY_STATUS_TEXT)[ExpiryStatus];
  endTimeMs: number;
}

/** An input with its status; any other field of the input is kept. */
export type ExpiryRow<T extends ExpiryInput = ExpiryInput> = Omit<T, keyof ExpiryRowStatus> &
  ExpiryRowStatus;

/** 'YYYY-MM-DD', optionally with ' HH:mm' or ' HH:mm:ss'. */
const PLATFORM_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** The platform writes its times in China time (see contract/desktop.ts ModuleExpiryItem). */
const PLATFORM_OFFSET = '+08:00';
const PLATFORM_OFFSET_MS = 8 * 3_600_000;

function toMs(endTime: string | number): number {
  if (typeof endTime === 'number') return endTime;
  const trimmed = endTime.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = PLATFORM_DATE.exec(trimmed);
  if (!match) return Number.NaN;
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${PLATFORM_OFFSET}`);
}

/** An instant as the platform writes it: 'YYYY-MM-DD HH:mm:ss' in China time. */
export function formatPlatformTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + PLATFORM_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function expiryStatus(endTimeMs: number, now: number): ExpiryStatus {
  if (endTimeMs < now) return 3;
  if (endTimeMs - now <= EXPIRY_WARNING_MS) return 2;
  return 1;
}

/** Rows with their status, ordered expired, soon, in use (then by end time). Bad dates dropped. */
export function expiryRows<T extends ExpiryInput>(
  items: readonly T[],
  now: number,
): ExpiryRow<T>[] {
  return items
    .map((item) => ({ item, endTimeMs: toMs(item.endTime) }))
    .filter(({ endTimeMs }) => Number.isFinite(endTimeMs))
    .map(({ item, endTimeMs }) => {
      const dqstatus = expiryStatus(endTimeMs, now);
      return { ...item, endTimeMs, dqstatus, statusText: EXPIRY_STATUS_TEXT[dqstatus] };
    })
    .sort((a, b) => b.dqstatus - a.dqstatus || a.endTimeMs - b.endTimeMs);
}
