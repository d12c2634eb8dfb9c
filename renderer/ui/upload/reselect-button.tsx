import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { notify } from '../notify/notify';

/**
 * After a reload the browser no longer lets the page read the file: the user selects it again,
 * and the upload resumes where the server's chunk check says it stopped.
 */
export function ReselectButton({ queue, item }: { queue: UploadQueue; item: UploadItem }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const label = t('upload.action.reselect');
  return (
    <>
      <Button
        size="small"
        type="link"
        aria-label={t('upload.actionLabel', { action: label, name: item.name })}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file && !queue.attachFile(item.id, file))
            notify.warning(t('upload.errors.notSameFile'));
        }}
      />
    </>
  );
}
