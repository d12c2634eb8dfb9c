/** Spec §9: a message click waits 250 ms to tell a single click from a double click. */
export const MESSAGE_CLICK_DELAY_MS = 250;

export interface ClickDelay {
  /**
   * A click on the item `key`; `detail` is the browser's click count (MouseEvent.detail: 0 for
   * a keyboard activation, 1 for a single click, 2 for the second click of a double click).
   */
  click: (key: string, detail: number, action: () => void) => void;
  /** Drops every waiting click (the list is going away). */
  cancelAll: () => void;
}

/**
 * Tells single from double clicks (spec §4, §9). A first click (or a keyboard activation) runs
 * its action after the delay. The second click of a double click runs the waiting action at
 * once, and a double click whose first click has already run does nothing more: a double click
 * opens a message exactly once, never twice (two windows, two read calls).
 */
export function createClickDelay(delayMs: number = MESSAGE_CLICK_DELAY_MS): ClickDelay {
  const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; action: () => void }>();

  function run(key: string): void {
    const entry = waiting.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    waiting.delete(key);
    entry.action();
  }

  return {
    click(key, detail, action) {
      if (detail >= 2) {
        run(key);
        return;
      }
      if (waiting.has(key)) return;
      const timer = setTimeout(() => {
        run(key);
      }, delayMs);
      waiting.set(key, { timer, action });
    },
    cancelAll() {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
