import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { createBadge, type BadgeWindow } from './badge';

/** BrowserWindow faked at the boundary: what was set on the taskbar. */
function fakeWindow(focused: boolean) {
  const calls: unknown[][] = [];
  const window: BadgeWindow & { focused: boolean } = {
    focused,
    setOverlayIcon: (image, description) => calls.push(['overlay', image, description]),
    flashFrame: (flag) => calls.push(['flash', flag]),
    isFocused() {
      return this.focused;
    },
  };
  return { window, calls };
}

function setup(focused: boolean) {
  const { window, calls } = fakeWindow(focused);
  const counts: number[] = [];
  const badge = createBadge({
    window: () => window,
    image: (label) => `image:${label}`,
    onChange: (count) => counts.push(count),
    t: createMainI18n('zh-CN'),
  });
  return { badge, window, calls, counts };
}

describe('badge', () => {
  it('shows the number as the overlay, "99+" above 99, none at 0', () => {
    const { badge, calls, counts } = setup(true);
    badge.set(3);
    badge.set(150);
    badge.set(0);
    expect(calls).toEqual([
      ['overlay', 'image:3', '3 条未读'],
      ['overlay', 'image:99+', '99+ 条未读'],
      ['overlay', null, ''],
    ]);
    expect(counts).toEqual([3, 150, 0]);
    expect(badge.count()).toBe(0);
  });

  it('does not redraw the same label', () => {
    const { badge, calls } = setup(true);
    badge.set(120);
    badge.set(130);
    expect(calls).toHaveLength(1);
  });

  it('flashes the frame when the count rises while the window is not focused', () => {
    const { badge, window, calls } = setup(false);
    badge.set(2);
    badge.set(1);
    badge.set(1);
    expect(calls.filter(([kind]) => kind === 'flash')).toEqual([['flash', true]]);
    window.focused = true;
    badge.set(5);
    expect(calls.filter(([kind]) => kind === 'flash')).toHaveLength(1);
  });

  it('keeps the count without a window', () => {
    const badge = createBadge({ window: () => null, image: () => null, t: createMainI18n('en') });
    badge.set(4);
    expect(badge.count()).toBe(4);
  });
});
