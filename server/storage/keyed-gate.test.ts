import { describe, expect, it } from 'vitest';
import { KeyedGate } from './keyed-gate';

/** A task that records when it runs and ends when released. */
function controlled(log: string[], name: string) {
  let release: (() => void) | undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      log.push(`${name} in`);
      await done;
      log.push(`${name} out`);
    },
    release: () => {
      release?.();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('KeyedGate', () => {
  it('lets shared holders in together and an exclusive one alone', async () => {
    const gate = new KeyedGate();
    const log: string[] = [];
    const a = controlled(log, 'a');
    const b = controlled(log, 'b');
    const x = controlled(log, 'x');
    const c = controlled(log, 'c');
    const runs = [
      gate.shared('k', a.task),
      gate.shared('k', b.task),
      gate.exclusive('k', x.task),
      // Arrives after the exclusive one: waits for it (no starvation of the merge).
      gate.shared('k', c.task),
    ];
    await settle();
    expect(log).toEqual(['a in', 'b in']);
    a.release();
    await settle();
    expect(log).toEqual(['a in', 'b in', 'a out']);
    b.release();
    await settle();
    expect(log.slice(3)).toEqual(['b out', 'x in']);
    x.release();
    await settle();
    expect(log.slice(5)).toEqual(['x out', 'c in']);
    c.release();
    await Promise.all(runs);
    expect(gate.size).toBe(0);
  });

  it('keeps keys apart and releases on failure', async () => {
    const gate = new KeyedGate();
    const log: string[] = [];
    const x = controlled(log, 'x');
    const running = gate.exclusive('one', x.task);
    await gate.shared('two', () => {
      log.push('two');
      return Promise.resolve();
    });
    await expect(gate.exclusive('three', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await gate.exclusive('three', () => {
      log.push('three again');
      return Promise.resolve();
    });
    expect(log).toEqual(['x in', 'two', 'three again']);
    x.release();
    await running;
    expect(gate.size).toBe(0);
  });
});
