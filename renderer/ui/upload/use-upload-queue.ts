import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { notify } from '../notify/notify';
import { uploadErrorText } from './upload-messages';

/** The queue's items, re-rendered on change (at most every 100 ms during progress). */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  return useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.items(),
  );
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
