import { afterEach, describe, expect, it } from 'vitest';
import { ownTask } from './own-task';

const global = globalThis as { scheduler?: unknown };

describe('ownTask', () => {
  afterEach(() => {
    delete global.scheduler;
  });

  it('is null without scheduler.postTask: the caller goes on in the same task', () => {
    delete global.scheduler;
    expect(ownTask()).toBeNull();
    global.scheduler = {};
    expect(ownTask()).toBeNull();
  });

  it('resolves once the posted task has run, each call a task of its own, in order', async () => {
    const posted: (() => void)[] = [];
    global.scheduler = {
      postTask: (callback: () => void) =>
        new Promise<void>((resolve) => {
          posted.push(() => {
            callback();
            resolve();
          });
        }),
    };
    const order: number[] = [];
    const first = ownTask()?.then(() => order.push(1));
    const second = ownTask()?.then(() => order.push(2));
    expect(posted).toHaveLength(2);
    await Promise.resolve();
    expect(order).toEqual([]);
    posted[0]?.();
    await first;
    expect(order).toEqual([1]);
    posted[1]?.();
    await second;
    expect(order).toEqual([1, 2]);
  });
});
