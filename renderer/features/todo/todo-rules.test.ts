// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toPopupList } from './todo-wire';
import {
  TODO_IDLE_CLOSE_MS,
  createIdleTimer,
  markTodoClosedThisSession,
  readTodoClosedFlag,
  shouldShowTodoPanel,
} from './todo-rules';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('shouldShowTodoPanel (spec §4)', () => {
  it('shows the panel when there is something to do and it was not closed this session', () => {
    expect(shouldShowTodoPanel(7, null)).toBe(true);
    expect(shouldShowTodoPanel(0, null)).toBe(false);
    expect(shouldShowTodoPanel(7, '1')).toBe(false);
    expect(shouldShowTodoPanel(7, '')).toBe(false);
  });

  it('keeps the flag in sessionStorage under SY_TODO_CLOSED', () => {
    expect(readTodoClosedFlag()).toBeNull();
    markTodoClosedThisSession();
    expect(sessionStorage.getItem('SY_TODO_CLOSED')).toBe('1');
    expect(shouldShowTodoPanel(3, readTodoClosedFlag())).toBe(false);
  });
});

describe('the idle timer (spec §4, §9: 15 s)', () => {
  it('fires 15 s after the last restart, once', () => {
    vi.useFakeTimers();
    expect(TODO_IDLE_CLOSE_MS).toBe(15_000);
    const onIdle = vi.fn();
    const idle = createIdleTimer(TODO_IDLE_CLOSE_MS, onIdle);
    idle.restart();
    vi.advanceTimersByTime(10_000);
    idle.restart();
    vi.advanceTimersByTime(14_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does not fire once stopped', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const idle = createIdleTimer(1000, onIdle);
    idle.restart();
    idle.stop();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('toPopupList (the popup list, read leniently)', () => {
  it('fills what is missing and drops items without an id', () => {
    expect(toPopupList(null)).toEqual({ list: [], pages: 0, total: 0 });
    const read = toPopupList({
      list: [{ id: 1, messageMeno: 'x' }, { messageMeno: 'y' }],
      pages: '2',
      total: 4,
    });
    expect(read.pages).toBe(2);
    expect(read.total).toBe(4);
    expect(read.list).toEqual([
      {
        id: '1',
        messageMeno: 'x',
        importance: 1,
        module: '',
        messageDate: '',
        url: '',
        openWay: 0,
        content: '',
      },
    ]);
  });
});
