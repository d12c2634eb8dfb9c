import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS, expiryRows, expiryStatus, formatPlatformTime } from './expiry-status';

const now = Date.UTC(2026, 10, 21);
const day = 86_400_000;

describe('expiry status', () => {
  it('is expired before now, soon within 90 days, in use after', () => {
    expect(EXPIRY_WARNING_MS).toBe(90 * day);
    expect(expiryStatus(now - 1, now)).toBe(3);
    expect(expiryStatus(now, now)).toBe(2);
    expect(expiryStatus(now + 90 * day, now)).toBe(2);
    expect(expiryStatus(now + 90 * day + 1, now)).toBe(1);
  });

  it('orders expired, soon, in use, and drops unreadable dates', () => {
    const rows = expiryRows(
      [
        { code: 'a', name: 'A', endTime: now + 200 * day },
        { code: 'b', name: 'B', endTime: now - day },
        { code: 'c', name: 'C', endTime: String(now + 10 * day) },
        { code: 'd', name: 'D', endTime: 'not a date' },
        { code: 'e', name: 'E', endTime: '2020-01-01 00:00:00' },
      ],
      now,
    );
    expect(rows.map((row) => [row.code, row.dqstatus, row.statusText])).toEqual([
      ['e', 3, 'Expired'],
      ['b', 3, 'Expired'],
      ['c', 2, 'Soon to expire'],
      ['a', 1, 'In use'],
    ]);
  });
});

describe('platform times (China time, UTC+8)', () => {
  it('reads YYYY-MM-DD HH:mm:ss at +08:00 whatever the machine zone', () => {
    const end = Date.parse('2026-11-20T23:59:59+08:00');
    const [row] = expiryRows([{ code: 'x', name: 'X', endTime: '2026-11-20 23:59:59' }], end);
    expect(row?.endTimeMs).toBe(end);
    expect(row?.dqstatus).toBe(2);
    const [plain] = expiryRows([{ code: 'y', name: 'Y', endTime: '2026-11-20' }], 0);
    expect(plain?.endTimeMs).toBe(Date.parse('2026-11-20T00:00:00+08:00'));
  });

  it('formats an instant back the same way', () => {
    expect(formatPlatformTime(Date.parse('2026-11-20T23:59:59+08:00'))).toBe('2026-11-20 23:59:59');
    expect(formatPlatformTime(Number.NaN)).toBe('');
  });

  it('keeps the other fields of the input', () => {
    const [row] = expiryRows([{ code: 'x', name: 'X', endTime: now - 1, label: 'kept' }], now);
    expect(row?.label).toBe('kept');
  });
});
