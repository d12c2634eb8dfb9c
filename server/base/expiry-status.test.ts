import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_WINDOW_MS } from '../../contract/desktop-codes';
import { compareExpiry, expiryStatus } from './expiry-status';

describe('expiryStatus', () => {
  const now = Date.UTC(2026, 2, 1);

  it('is expired only once the end has passed', () => {
    expect(expiryStatus(now - 1, now)).toBe(3);
    expect(expiryStatus(now, now)).toBe(2);
  });

  it('is soon within the 90-day window, its last millisecond included', () => {
    expect(expiryStatus(now + EXPIRY_WARNING_WINDOW_MS, now)).toBe(2);
    expect(expiryStatus(now + EXPIRY_WARNING_WINDOW_MS + 1, now)).toBe(1);
  });

  it('orders expired, soon, in use, each by end time', () => {
    const rows = [
      { dqstatus: 1, endTimestamp: 5 },
      { dqstatus: 3, endTimestamp: 2 },
      { dqstatus: 2, endTimestamp: 4 },
      { dqstatus: 3, endTimestamp: 1 },
      { dqstatus: 2, endTimestamp: 3 },
    ];
    expect([...rows].sort(compareExpiry).map((row) => row.endTimestamp)).toEqual([1, 2, 3, 4, 5]);
  });
});
