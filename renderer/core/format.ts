/** Small display rules shared by several features. Pure. */

/** The unread badge is capped at '99+' (spec §2, §9); zero and less show nothing. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** Screen size class (spec §4): above 1024 wide is pc, above 400 is ipad, otherwise mobile. */
export type ScreenClass = 'pc' | 'ipad' | 'mobile';

export function screenClass(width: number): ScreenClass {
  if (width > 1024) return 'pc';
  if (width > 400) return 'ipad';
  return 'mobile';
}

/** The numeric abbreviations of spec §9, each 1000 times the one before. */
export const NUMBER_ABBREVIATIONS = ['k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * A number shortened with k, M, G, T, P or E (spec §9): 1234 → '1.2k', 5000000 → '5M'. Below
 * 1000 (and not finite) the number is shown as it is; trailing zeros of the fraction are dropped.
 */
export function abbreviateNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  let index = -1;
  let scaled = size;
  while (scaled >= 1000 && index < NUMBER_ABBREVIATIONS.length - 1) {
    scaled /= 1000;
    index += 1;
  }
  const sign = value < 0 ? '-' : '';
  if (index < 0) return `${sign}${String(size)}`;
  const text = scaled.toFixed(digits).replace(/\.?0+$/, '');
  return `${sign}${text}${NUMBER_ABBREVIATIONS[index] ?? ''}`;
}

/** The relative time bands of spec §9, in milliseconds. */
export const RELATIVE_TIME_BANDS = {
  justNow: 30_000,
  minutes: 3_600_000,
  hours: 86_400_000,
  oneDay: 172_800_000,
} as const;

export type RelativeTime =
  | { band: 'justNow' }
  | { band: 'minutes'; count: number }
  | { band: 'hours'; count: number }
  | { band: 'oneDay' }
  | { band: 'date'; date: string };

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** A local date as YYYY-MM-DD (the answer beyond the last band). */
export function isoDate(time: number): string {
  const date = new Date(time);
  return `${String(date.getFullYear())}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * A local time as the platform writes it, 'YYYY-MM-DD HH:mm:ss' (2026-11-28 13:35:06), the same
 * in every language: lists and tables show dates this way.
 */
export function dateTimeText(time: number): string {
  if (!Number.isFinite(time)) return '';
  const date = new Date(time);
  return `${isoDate(time)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/**
 * Which band of spec §9 a time falls in, seen from `now`: under 30 s just now, under an hour
 * minutes ago (at least 1), under a day hours ago, under 2 days '1 day ago', else the date. A
 * time in the future (a clock a little ahead) is just now.
 */
export function relativeTime(time: number, now: number): RelativeTime {
  const elapsed = now - time;
  if (elapsed < RELATIVE_TIME_BANDS.justNow) return { band: 'justNow' };
  if (elapsed < RELATIVE_TIME_BANDS.minutes) {
    return { band: 'minutes', count: Math.max(1, Math.floor(elapsed / 60_000)) };
  }
  if (elapsed < RELATIVE_TIME_BANDS.hours) {
    return { band: 'hours', count: Math.floor(elapsed / 3_600_000) };
  }
  if (elapsed < RELATIVE_TIME_BANDS.oneDay) return { band: 'oneDay' };
  return { band: 'date', date: isoDate(time) };
}

/** A translator as i18next's `t` (keys under core.time of the locale files). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The band as text in the active language (core.time.* of the three locale files). */
export function formatRelativeTime(t: Translate, time: number, now = Date.now()): string {
  const band = relativeTime(time, now);
  switch (band.band) {
    case 'justNow':
      return t('core.time.justNow');
    case 'minutes':
      return band.count === 1
        ? t('core.time.oneMinuteAgo')
        : t('core.time.minutesAgo', { count: band.count });
    case 'hours':
      return band.count === 1
        ? t('core.time.oneHourAgo')
        : t('core.time.hoursAgo', { count: band.count });
    case 'oneDay':
      return t('core.time.oneDayAgo');
    case 'date':
      return band.date;
  }
}

export interface Cancellable<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/**
 * Calls `fn` at most once per `interval` ms: the first call at once, the last call of an interval
 * at its end (so the final state is never lost).
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  interval: number,
): Cancellable<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + interval - Date.now();
    if (wait <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        const next = pending;
        pending = undefined;
        if (next) run(next);
      },
      Math.max(0, wait),
    );
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}

/** Calls `fn` once calls have stopped for `interval` ms, with the last call's arguments. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  interval: number,
): Cancellable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, interval);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
