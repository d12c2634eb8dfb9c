import {
  EXPIRY_STATUS_EXPIRED,
  EXPIRY_STATUS_IN_USE,
  EXPIRY_STATUS_SOON,
  EXPIRY_WARNING_WINDOW_MS,
  type ExpiryStatus,
} from '../../contract/desktop-codes';

/**
 * A licence's status at `now` (spec §4): expired (3) when its end is before now, soon (2) when it
 * ends within the 90-day window, in use (1) otherwise.
 */
export function expiryStatus(endMs: number, now: number): ExpiryStatus {
  if (endMs < now) return EXPIRY_STATUS_EXPIRED;
  if (endMs - now <= EXPIRY_WARNING_WINDOW_MS) return EXPIRY_STATUS_SOON;
  return EXPIRY_STATUS_IN_USE;
}

/** The spec's order: expired, then soon, then in use; within a status, the earliest end first. */
export function compareExpiry(
  a: { dqstatus: number; endTimestamp: number },
  b: { dqstatus: number; endTimestamp: number },
): number {
  return b.dqstatus - a.dqstatus || a.endTimestamp - b.endTimestamp;
}
