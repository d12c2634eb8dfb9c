import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';
import {
  abbreviateNumber,
  badgeText,
  debounce,
  formatRelativeTime,
  dateTimeText,
  isoDate,
  NUMBER_ABBREVIATIONS,
  relativeTime,
  screenClass,
  throttle,
} from './format';

describe('badgeText', () => {
  it('caps at 99+ and hides zero', () => {
    expect([0, -1, Number.NaN, 1, 99, 100, 120].map(badgeText)).toEqual([
      '',
      '',
      '',
      '1',
      '99',
      '99+',
      '99+',
    ]);
  });
});

describe('screenClass', () => {
  it('uses the breakpoints 1024 and 400', () => {
    expect([1920, 1025, 1024, 401, 400, 320].map(screenClass)).toEqual([
      'pc',
      'pc',
      'ipad',
      'ipad',
      'mobile',
      'mobile',
    ]);
  });
});

describe('abbreviateNumber', () => {
  it('uses k, M, G, T, P and E (spec §9)', () => {
    expect(NUMBER_ABBREVIATIONS).toEqual(['k', 'M', 'G', 'T', 'P', 'E']);
    expect(
      [0, 999, 1000, 1234, 999_999, 5e6, 2.5e9, 1e12, 3e15, 7e18, 4e21, -1500].map((n) =>
        abbreviateNumber(n),
      ),
    ).toEqual([
      '0',
      '999',
      '1k',
      '1.2k',
      '1000k',
      '5M',
      '2.5G',
      '1T',
      '3P',
      '7E',
      '4000E',
      '-1.5k',
    ]);
    expect(abbreviateNumber(1234, 2)).toBe('1.23k');
  });
});

const NOW = new Date(2026, 10, 23, 12, 0, 0).getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime bands (spec §9)', () => {
  it.each([
    [0, { band: 'justNow' }],
    [29_999, { band: 'justNow' }],
    [30 * SECOND, { band: 'minutes', count: 1 }],
    [59 * MINUTE + 59 * SECOND, { band: 'minutes', count: 59 }],
    [HOUR, { band: 'hours', count: 1 }],
    [DAY - 1, { band: 'hours', count: 23 }],
    [DAY, { band: 'oneDay' }],
    [2 * DAY - 1, { band: 'oneDay' }],
    [2 * DAY, { band: 'date', date: isoDate(NOW - 2 * DAY) }],
    [-5 * SECOND, { band: 'justNow' }],
  ])('%i ms ago → %o', (elapsed, band) => {
    expect(relativeTime(NOW - elapsed, NOW)).toEqual(band);
  });

  const expected = {
    'zh-CN': ['刚刚', '1分钟前', '59分钟前', '1小时前', '23小时前', '1天前'],
    'zh-HK': ['剛剛', '1分鐘前', '59分鐘前', '1小時前', '23小時前', '1天前'],
    en: ['just now', '1 minute ago', '59 minutes ago', '1 hour ago', '23 hours ago', '1 day ago'],
  } as const;
  const edges = [29_999, 30 * SECOND, HOUR - 1, HOUR, DAY - 1, DAY];

  it.each(Object.entries(expected))('speaks %s at each band edge', async (lang, texts) => {
    const t = i18next.createInstance();
    await t.init({
      lng: lang,
      resources: {
        'zh-CN': { translation: zhCN },
        'zh-HK': { translation: zhHK },
        en: { translation: en },
      },
    });
    const translate = t.t.bind(t) as (key: string, options?: Record<string, unknown>) => string;
    expect(edges.map((elapsed) => formatRelativeTime(translate, NOW - elapsed, NOW))).toEqual(
      texts,
    );
    expect(formatRelativeTime(translate, NOW - 3 * DAY, NOW)).toBe(isoDate(NOW - 3 * DAY));
  });
});

describe('throttle and debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('throttle runs at once, then at most once per interval with the last arguments', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 50);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
    throttled(5);
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('debounce runs once the calls stop for the interval', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const debounced = debounce((s: string) => calls.push(s), 200);
    debounced('a');
    vi.advanceTimersByTime(150);
    debounced('b');
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['b']);
  });
});

describe('dateTimeText', () => {
  it("writes a local time as the platform's 'YYYY-MM-DD HH:mm:ss'", () => {
    expect(dateTimeText(new Date(2026, 10, 28, 13, 35, 6).getTime())).toBe('2026-11-28 13:35:06');
    expect(dateTimeText(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
    expect(dateTimeText(Number.NaN)).toBe('');
  });
});
