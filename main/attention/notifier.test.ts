import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { BURST_WINDOW_MS, createNotifier, RECENT_MAX, type NotifierDeps } from './notifier';

function setup(overrides: Partial<NotifierDeps> = {}) {
  let time = 1_000_000;
  const shown: { title: string; body: string; click: () => void; closed: boolean }[] = [];
  const opened: string[] = [];
  let changes = 0;
  const notifier = createNotifier({
    show(text, onClick) {
      const entry = { ...text, click: onClick, closed: false };
      shown.push(entry);
      return {
        close() {
          entry.closed = true;
        },
      };
    },
    enabled: () => true,
    openRoute: (route) => opened.push(route),
    onRecentChange: () => (changes += 1),
    t: createMainI18n('zh-CN'),
    now: () => time,
    ...overrides,
  });
  const message = (n: number) => ({
    title: `消息 ${String(n)}`,
    body: '内容',
    route: `/m/${String(n)}`,
  });
  return {
    notifier,
    shown,
    opened,
    message,
    changes: () => changes,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('notifier', () => {
  it('shows a notification whose click opens its route', () => {
    const { notifier, shown, opened, message } = setup();
    notifier.notify(message(1));
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: '消息 1', body: '内容' },
    ]);
    shown[0]?.click();
    expect(opened).toEqual(['/m/1']);
  });

  it('turns a burst of more than three into one summary that counts it', () => {
    const { notifier, shown, opened, message, advance } = setup();
    for (let n = 1; n <= 5; n += 1) {
      notifier.notify(message(n));
      advance(1000);
    }
    expect(shown.map((entry) => entry.title)).toEqual([
      '消息 1',
      '消息 2',
      '消息 3',
      '4 条新消息',
      '5 条新消息',
    ]);
    // One summary on screen: the earlier one was replaced.
    expect(shown.filter((entry) => !entry.closed).map((entry) => entry.title)).toEqual([
      '消息 1',
      '消息 2',
      '消息 3',
      '5 条新消息',
    ]);
    shown[4]?.click();
    expect(opened).toEqual(['/m/5']);
  });

  it('starts a new burst after a quiet spell', () => {
    const { notifier, shown, message, advance } = setup();
    for (let n = 1; n <= 4; n += 1) notifier.notify(message(n));
    advance(BURST_WINDOW_MS + 1);
    notifier.notify(message(5));
    expect(shown.at(-1)?.title).toBe('消息 5');
  });

  it('says the summary in the client language', () => {
    const { notifier, shown, message } = setup({ t: createMainI18n('en') });
    for (let n = 1; n <= 4; n += 1) notifier.notify(message(n));
    expect(shown.at(-1)?.title).toBe('4 new messages');
  });

  it('shows nothing when notifications are off, but keeps the latest for the tray', () => {
    const { notifier, shown, message, changes } = setup({ enabled: () => false });
    for (let n = 1; n <= RECENT_MAX + 2; n += 1) notifier.notify(message(n));
    expect(shown).toEqual([]);
    expect(notifier.recent().map((entry) => entry.route)).toEqual([
      '/m/7',
      '/m/6',
      '/m/5',
      '/m/4',
      '/m/3',
    ]);
    expect(changes()).toBe(RECENT_MAX + 2);
    notifier.clearRecent();
    expect(notifier.recent()).toEqual([]);
  });
});
