import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedLock', () => {
  it('runs tasks of one key one after another, in order', async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`start ${name}`);
      await tick();
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      lock.run('a', task('1')),
      lock.run('a', task('2')),
      lock.run('a', task('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(lock.size).toBe(0);
  });

  it('runs different keys concurrently and survives a failing task', async () => {
    const lock = new KeyedLock();
    const events: string[] = [];
    const failing = lock.run('a', async () => {
      events.push('a');
      await tick();
      throw new Error('boom');
    });
    const other = lock.run('b', async () => {
      events.push('b');
      await tick();
      return 'b';
    });
    const after = lock.run('a', () => Promise.resolve('a2'));
    expect(events).toEqual([]);
    await expect(failing).rejects.toThrow('boom');
    await expect(other).resolves.toBe('b');
    await expect(after).resolves.toBe('a2');
    expect(events).toEqual(['a', 'b']);
    expect(lock.size).toBe(0);
  });
});
