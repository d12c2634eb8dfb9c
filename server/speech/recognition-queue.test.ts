import { describe, expect, it } from 'vitest';
import {
  defaultRecognitionLimits,
  RecognitionAbandoned,
  RecognitionQueue,
  RecognitionRefused,
  type RecognitionLimits,
} from './recognition-queue';

/** A task that runs until the test releases it, recording its start. */
function blocking(started: string[], name: string) {
  const releases: (() => void)[] = [];
  const done = new Promise<string>((resolve) => {
    releases.push(() => {
      resolve(name);
    });
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    release: () => {
      for (const release of releases) release();
    },
  };
}

const LIMITS: RecognitionLimits = {
  concurrent: 2,
  concurrentPerUser: 2,
  queued: 3,
  queuedPerUser: 2,
};

/** Lets every settled promise's callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('RecognitionQueue', () => {
  it('runs at most `concurrent` at once and the rest in arrival order', async () => {
    const queue = new RecognitionQueue(LIMITS);
    const started: string[] = [];
    const signal = new AbortController().signal;
    const tasks = ['a', 'b', 'c', 'd'].map((name) => blocking(started, name));
    const users = [1, 2, 3, 4];
    const results = tasks.map((task, index) => queue.run(users[index] ?? 0, signal, task.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    tasks[1]?.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]?.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    tasks[2]?.release();
    tasks[3]?.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("holds a user at their limit without holding up the next user's turn", async () => {
    const queue = new RecognitionQueue({ ...LIMITS, concurrent: 3, concurrentPerUser: 1 });
    const started: string[] = [];
    const signal = new AbortController().signal;
    const first = blocking(started, 'student-1');
    const second = blocking(started, 'student-2');
    const teacher = blocking(started, 'teacher');
    const runs = [
      queue.run(7, signal, first.task),
      queue.run(7, signal, second.task),
      queue.run(8, signal, teacher.task),
    ];
    await settle();
    expect(started).toEqual(['student-1', 'teacher']);
    first.release();
    await settle();
    expect(started).toEqual(['student-1', 'teacher', 'student-2']);
    second.release();
    teacher.release();
    await Promise.all(runs);
  });

  it('refuses at once when the queue, or the user’s share of it, is full', async () => {
    const queue = new RecognitionQueue(LIMITS);
    const started: string[] = [];
    const signal = new AbortController().signal;
    // Two run (users 1 and 2); user 1 queues two more, the most one user may.
    const held = [1, 2, 1, 1].map((user, index) => ({
      user,
      ...blocking(started, String(index)),
    }));
    const runs = held.map(({ user, task }) => queue.run(user, signal, task));
    const never = () => Promise.reject(new Error('must not run'));
    await expect(queue.run(1, signal, never)).rejects.toBeInstanceOf(RecognitionRefused);
    // Another user still gets the last place; then the queue is full for everybody.
    const third = blocking(started, 'e');
    runs.push(queue.run(3, signal, third.task));
    await expect(queue.run(4, signal, never)).rejects.toBeInstanceOf(RecognitionRefused);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    for (const { release } of [...held, third]) release();
    await Promise.all(runs);
  });

  it('drops a waiter whose connection closed, and it never runs', async () => {
    const queue = new RecognitionQueue({ ...LIMITS, concurrent: 1 });
    const started: string[] = [];
    const running = blocking(started, 'a');
    const first = queue.run(1, new AbortController().signal, running.task);
    const gone = new AbortController();
    const waiting = queue.run(2, gone.signal, () => {
      started.push('b');
      return Promise.resolve('b');
    });
    await settle();
    expect(queue.waiting).toBe(1);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(RecognitionAbandoned);
    expect(queue.waiting).toBe(0);
    running.release();
    await first;
    expect(started).toEqual(['a']);
    expect(queue.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new RecognitionQueue({ ...LIMITS, concurrent: 1 });
    const signal = new AbortController().signal;
    await expect(queue.run(1, signal, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await queue.run(1, signal, () => Promise.resolve('next'))).toBe('next');
  });

  it('defaults to one recognition per core, never fewer than one', () => {
    expect(defaultRecognitionLimits(8)).toMatchObject({ concurrent: 8, concurrentPerUser: 2 });
    expect(defaultRecognitionLimits(0).concurrent).toBe(1);
    expect(defaultRecognitionLimits(2).queued).toBeGreaterThan(0);
  });
});
