/** The priorities of the Prioritized Task Scheduling API (Chromium 94+). */
export type TaskPriority = 'user-blocking' | 'user-visible' | 'background';

/** The part of that API this module uses. */
interface TaskScheduler {
  postTask: (callback: () => void, options?: { priority?: TaskPriority }) => Promise<void>;
}

function taskScheduler(): TaskScheduler | null {
  const candidate = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  return typeof candidate?.postTask === 'function' ? (candidate as TaskScheduler) : null;
}

/**
 * A promise that resolves in a task of its own, behind the tasks already queued, where the
 * browser has `scheduler.postTask`; null where it has not (jsdom, older browsers): the caller then
 * goes on in the same task. A page that starts ten requests in one effect pays each request's
 * cost (axios, the XHR's send) in a short task of its own instead of one long task (blocking
 * time on slow school PCs).
 */
export function ownTask(priority: TaskPriority = 'user-visible'): Promise<void> | null {
  const scheduler = taskScheduler();
  return scheduler === null ? null : scheduler.postTask(() => undefined, { priority });
}
