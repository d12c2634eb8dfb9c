import { describe, expect, it } from 'vitest';
import type { DesktopMessage } from '../../../contract/desktop';
import {
  badgeCount,
  BODY_MAX_CHARS,
  countRises,
  newItems,
  nextPollDelay,
  notificationsFor,
  POLL_INTERVAL_MS,
  POLL_MAX_DELAY_MS,
  triggerMayAsk,
  TRIGGER_MIN_GAP_MS,
  truncate,
  type NotificationTexts,
} from './attention-rules';

function item(id: string, messageDate: string, url = ''): DesktopMessage {
  return {
    id,
    messageMeno: `text ${id}`,
    importance: 2,
    module: `source ${id}`,
    messageDate,
    url,
    openWay: 0,
    content: '',
  };
}

const TEXTS: NotificationTexts = {
  summary: (count) => `${String(count)} new messages`,
  summaryBody: 'Open the desktop',
  title: (message) => message.module,
  body: (message) => message.messageMeno,
};
const HOME = '/pages/base/pc_desktop_all/index.html';

describe('nextPollDelay', () => {
  it('waits the interval while asks succeed, and doubles it after each failure up to a cap', () => {
    expect(nextPollDelay(0, 0.5)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay(1, 1)).toBe(2 * POLL_INTERVAL_MS);
    expect(nextPollDelay(2, 1)).toBe(4 * POLL_INTERVAL_MS);
    expect(nextPollDelay(50, 1)).toBe(POLL_MAX_DELAY_MS);
  });

  it('spreads a backed-off wait over its upper half, never below the interval', () => {
    expect(nextPollDelay(1, 0)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay(3, 0)).toBe(4 * POLL_INTERVAL_MS);
    expect(nextPollDelay(3, 2)).toBe(8 * POLL_INTERVAL_MS);
  });
});

describe('triggerMayAsk', () => {
  it('lets focus ask unless the last ask was very recent', () => {
    expect(triggerMayAsk(10_000 + TRIGGER_MIN_GAP_MS, 10_000)).toBe(true);
    expect(triggerMayAsk(10_000 + TRIGGER_MIN_GAP_MS - 1, 10_000)).toBe(false);
  });
});

describe('countRises and badgeCount', () => {
  it('says how much each count rose, and nothing for a fall', () => {
    expect(countRises({ message: 2, todo: 5 }, { message: 4, todo: 3 })).toEqual({
      message: 2,
      todo: 0,
    });
    expect(badgeCount({ message: 4, todo: 3 })).toBe(7);
  });
});

describe('newItems', () => {
  const list = [
    item('a', '2026-11-01 08:00:00'),
    item('c', '2026-11-03 08:00:00'),
    item('b', '2026-11-02 08:00:00'),
  ];

  it('gives the items not seen before', () => {
    expect(newItems(list, new Set(['a', 'b']), 1).map((m) => m.id)).toEqual(['c']);
    expect(newItems(list, new Set(['a', 'b', 'c']), 2)).toEqual([]);
  });

  it('with nothing seen before, gives the newest as many as the count rose', () => {
    expect(newItems(list, null, 2).map((m) => m.id)).toEqual(['c', 'b']);
    expect(newItems(list, null, 0)).toEqual([]);
  });
});

describe('notificationsFor', () => {
  it('announces each of up to three new items, opening its own platform link or the desktop', () => {
    const shown = notificationsFor(
      [item('a', 'd', '/pages/oa/index.html'), item('b', 'd', 'javascript:alert(1)')],
      2,
      TEXTS,
      HOME,
    );
    expect(shown).toEqual([
      { title: 'source a', body: 'text a', route: '/pages/oa/index.html' },
      { title: 'source b', body: 'text b', route: HOME },
    ]);
  });

  it('makes one summary of a burst of more than three', () => {
    const burst = ['a', 'b', 'c', 'd'].map((id) => item(id, 'd'));
    expect(notificationsFor(burst, 5, TEXTS, HOME)).toEqual([
      { title: '5 new messages', body: 'Open the desktop', route: HOME },
    ]);
  });

  it('announces nothing when no item is new', () => {
    expect(notificationsFor([], 4, TEXTS, HOME)).toEqual([]);
  });
});

describe('truncate', () => {
  it('cuts a long text on a code point, with an ellipsis, and folds its white space', () => {
    expect(truncate('a\n b')).toBe('a b');
    const long = '😀'.repeat(BODY_MAX_CHARS + 5);
    const cut = truncate(long);
    expect(Array.from(cut)).toHaveLength(BODY_MAX_CHARS);
    expect(cut.endsWith('😀…')).toBe(true);
  });
});
