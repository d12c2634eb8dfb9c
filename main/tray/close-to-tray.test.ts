import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { attachCloseToTray } from './close-to-tray';

/** BrowserWindow faked at the boundary: emits 'close' as Electron does, records hide(). */
class FakeWindow extends EventEmitter {
  hidden = 0;
  hide(): void {
    this.hidden += 1;
  }
  /** Electron's close: the window closes unless a listener prevented it. */
  close(): boolean {
    let prevented = false;
    this.emit('close', {
      preventDefault() {
        prevented = true;
      },
    });
    return !prevented;
  }
}

function setup(state: { enabled: boolean; quitting: boolean }) {
  const window = new FakeWindow();
  let explained = false;
  let explanations = 0;
  attachCloseToTray(window, {
    enabled: () => state.enabled,
    quitting: () => state.quitting,
    explained: () => explained,
    explain() {
      explained = true;
      explanations += 1;
    },
  });
  return { window, explanations: () => explanations };
}

describe('attachCloseToTray', () => {
  it('hides the window instead of closing it, and says so the first time only', () => {
    const { window, explanations } = setup({ enabled: true, quitting: false });
    expect(window.close()).toBe(false);
    expect(window.close()).toBe(false);
    expect(window.hidden).toBe(2);
    expect(explanations()).toBe(1);
  });

  it('lets the window close when quitting or when the setting is off', () => {
    const state = { enabled: true, quitting: true };
    const { window, explanations } = setup(state);
    expect(window.close()).toBe(true);
    state.quitting = false;
    state.enabled = false;
    expect(window.close()).toBe(true);
    expect(window.hidden).toBe(0);
    expect(explanations()).toBe(0);
  });
});
