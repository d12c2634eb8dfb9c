import { readSession, STORAGE_KEYS, writeSession } from '../../core/storage-keys';

/** Spec §4, §9: the panel closes itself after 15 s without an interaction. */
export const TODO_IDLE_CLOSE_MS = 15_000;

/** The value of the session flag set when the panel is closed by its icon. */
export const TODO_CLOSED_FLAG = '1';

/**
 * Whether the desktop shows the to-do panel: there is something to do, and it was not closed by
 * its icon this session (spec §4; `sessionFlag` is sessionStorage SY_TODO_CLOSED). Pure.
 */
export function shouldShowTodoPanel(total: number, sessionFlag: string | null): boolean {
  return total > 0 && sessionFlag === null;
}

/** This session's SY_TODO_CLOSED flag, for shouldShowTodoPanel. */
export function readTodoClosedFlag(): string | null {
  return readSession(STORAGE_KEYS.todoClosed);
}

/** Closing by the icon hides the panel for the rest of the session (spec §4). */
export function markTodoClosedThisSession(): void {
  writeSession(STORAGE_KEYS.todoClosed, TODO_CLOSED_FLAG);
}

export interface IdleTimer {
  /** (Re)starts the countdown: called on opening and on every interaction. */
  restart: () => void;
  stop: () => void;
}

/** Calls `onIdle` once `ms` pass without a restart. */
export function createIdleTimer(ms: number, onIdle: () => void): IdleTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    restart() {
      stop();
      timer = setTimeout(() => {
        timer = undefined;
        onIdle();
      }, ms);
    },
    stop,
  };
}
