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
  endTime: string | number;
}

export interface ExpiryRow extends ExpiryInput {
  dqstatus: ExpiryStatus;
  /** The spec's English status text; the table shows it translated. */
  statusText: (typeof EXPIRY_STATUS_TEXT)[ExpiryStatus];
  endTimeMs: number;
}

function toMs(endTime: string | number): number {
  if (typeof endTime === 'number') return endTime;
  const trimmed = endTime.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // "2026-01-31 23:59:59" is read as local time, like the platform writes it.
  return new Date(trimmed.replace(' ', 'T')).getTime();
}

export function expiryStatus(endTimeMs: number, now: number): ExpiryStatus {
  if (endTimeMs < now) return 3;
  if (endTimeMs - now <= EXPIRY_WARNING_MS) return 2;
  return 1;
}

/** Rows with their status, ordered expired, soon, in use (then by end time). Bad dates dropped. */
export function expiryRows(items: readonly ExpiryInput[], now: number): ExpiryRow[] {
  return items
    .map((item) => ({ item, endTimeMs: toMs(item.endTime) }))
    .filter(({ endTimeMs }) => Number.isFinite(endTimeMs))
    .map(({ item, endTimeMs }) => {
      const dqstatus = expiryStatus(endTimeMs, now);
      return { ...item, endTimeMs, dqstatus, statusText: EXPIRY_STATUS_TEXT[dqstatus] };
    })
    .sort((a, b) => b.dqstatus - a.dqstatus || a.endTimeMs - b.endTimeMs);
}
