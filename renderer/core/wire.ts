/**
 * Reading server answers defensively (the platform is lenient with types: ids as numbers,
 * counts as strings). Every answer is checked field by field before the UI trusts it.
 */
export { isJsonObject as isWireRecord } from '../../contract/deep-merge';

/** A string, or a finite number as a string; anything else is ''. */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** An integer, or an integer written as a string; anything else is the fallback. */
export function wireInteger(value: unknown, fallback = 0): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isInteger(parsed) ? parsed : fallback;
}

/** A count: a non-negative integer, anything else 0. */
export function wireCount(value: unknown): number {
  return Math.max(0, wireInteger(value, 0));
}
