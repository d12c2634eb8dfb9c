import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_CLICK_DELAY_MS, createClickDelay } from './click-delay';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('message click delay (spec §4, §9: 250 ms)', () => {
  it('runs a single click after 250 ms, not before', () => {
    expect(MESSAGE_CLICK_DELAY_MS).toBe(250);
    const delay = createClickDelay();
    const action = vi.fn();
    delay.click('m1', 1, action);
    vi.advanceTimersByTime(249);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs a double click once, at the second click', () => {
    const delay = createClickDelay();
    const action = vi.fn();
    delay.click('m1', 1, action);
    vi.advanceTimersByTime(100);
    delay.click('m1', 2, action);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('ignores the second click of a slow double click whose first click already ran', () => {
    const delay = createClickDelay();
    const action = vi.fn();
    delay.click('m1', 1, action);
    vi.advanceTimersByTime(300);
    delay.click('m1', 2, action);
    delay.click('m1', 3, action);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('does not queue a message twice, but keeps clicks on different messages apart', () => {
    const delay = createClickDelay();
    const first = vi.fn();
    const second = vi.fn();
    delay.click('m1', 1, first);
    delay.click('m1', 0, first);
    delay.click('m2', 0, second);
    vi.advanceTimersByTime(250);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('treats a keyboard activation (detail 0) like a single click', () => {
    const delay = createClickDelay();
    const action = vi.fn();
    delay.click('m1', 0, action);
    vi.advanceTimersByTime(250);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('drops waiting clicks when cancelled', () => {
    const delay = createClickDelay();
    const action = vi.fn();
    delay.click('m1', 1, action);
    delay.cancelAll();
    vi.advanceTimersByTime(1000);
    expect(action).not.toHaveBeenCalled();
  });
});
