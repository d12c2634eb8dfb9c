import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { notify } from '../notify/notify';
import { uploadErrorText } from './upload-messages';

/** How long a change waits for a frame before it renders anyway (hidden pages get none). */
const HIDDEN_PAGE_MS = 250;

/**
 * The queue's items (told at most every 100 ms during progress), rendered as a transition: React
 * renders the list in slices that give the main thread back, so a new row or a progress update
 * never makes a long task while the MD5 runs or the chunks go out. Updates that come
 * faster than the screen's frames are merged into one render.
 */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  const [state, setState] = useState(() => ({ queue, items: queue.items() }));
  useEffect(() => {
    // The next frame, or a timer where frames do not come (a hidden tab or window).
    let frame: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const cancel = () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
      frame = null;
      timer = null;
    };
    const render = () => {
      cancel();
      const items = queue.items();
      startTransition(() => {
        setState((current) =>
          current.queue === queue && current.items === items ? current : { queue, items },
        );
      });
    };
    const schedule = () => {
      if (timer !== null) return;
      timer = setTimeout(render, HIDDEN_PAGE_MS);
      if (typeof requestAnimationFrame !== 'undefined') frame = requestAnimationFrame(render);
    };
    // Whatever changed between the first render and this subscription.
    render();
    const unsubscribe = queue.subscribe(schedule);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [queue]);
  // Another queue: its items at once, not the previous queue's.
  return state.queue === queue ? state.items : queue.items();
}

/** Toasts for the queue: spec §8 "status plus message" on failure, a success note when done. */
export function useUploadNotifications(queue: UploadQueue): void {
  const { t } = useTranslation();
  useEffect(() => {
    const stopErrors = queue.onError((item, error) => {
      notify.warning(
        `${item.name}: ${uploadErrorText(t, { type: error.type, message: error.message, status: error.status })}`,
      );
    });
    const stopDone = queue.onDone((item) => {
      notify.success(
        t(item.instant ? 'upload.instantUploaded' : 'upload.uploaded', { name: item.name }),
      );
    });
    return () => {
      stopErrors();
      stopDone();
    };
  }, [queue, t]);
}
