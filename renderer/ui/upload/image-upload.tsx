import { PictureOutlined } from '@ant-design/icons';
import { Button, Space, Switch, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_COMPRESSION, UPLOAD_FIELDS, type UploadedFileInfo } from '../../../contract/upload';
import { uploadBase64 } from '../../core/upload/base64-upload';
import {
  blobToBase64,
  compressImage,
  type CompressOptions,
} from '../../core/upload/image-compress';
import type { UploadQueue } from '../../core/upload/upload-queue';
import { acceptAttribute, validateUpload } from '../../core/upload/validate-file';
import { notify } from '../notify/notify';
import { rejectionText, uploadErrorText } from './upload-messages';

export interface ImageUploadProps {
  queue: UploadQueue;
  /** Spec §9: at most 500 × 500, quality 0.8 by default. */
  compression?: CompressOptions;
  /** Send through the base64 call (spec §7) instead of the upload queue. */
  defaultBase64?: boolean;
  onUploaded?: (file: UploadedFileInfo) => void;
}

/**
 * Image upload: the picked image is shrunk and re-encoded in the page (spec §9), then sent as a
 * file through the queue (MD5, instant upload) or as base64 text (spec §7). Shows the result.
 */
export function ImageUpload({
  queue,
  compression = {},
  defaultBase64 = false,
  onUploaded,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [asBase64, setAsBase64] = useState(defaultBase64);
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFileInfo | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);

  useEffect(() => {
    if (waitingFor === null) return undefined;
    const stopDone = queue.onDone((item, result) => {
      if (item.id !== waitingFor) return;
      setWaitingFor(null);
      setBusy(false);
      setUploaded(result);
      onUploaded?.(result);
    });
    const stopError = queue.onError((item) => {
      if (item.id !== waitingFor) return;
      setWaitingFor(null);
      setBusy(false);
    });
    return () => {
      stopDone();
      stopError();
    };
  }, [queue, waitingFor, onUploaded]);

  const send = async (file: File) => {
    const rejection = validateUpload(file, { accept: 'image' });
    if (rejection) {
      notify.warning(rejectionText(t, rejection));
      return;
    }
    setBusy(true);
    const small = await compressImage(file, compression);
    if (!asBase64) {
      const [item] = queue.add([small]);
      if (item) setWaitingFor(item.id);
      else setBusy(false);
      return;
    }
    try {
      const result = await uploadBase64({
        base64: await blobToBase64(small),
        fileName: small.name,
        serverid: 'base',
      });
      if (!result.ok) {
        notify.warning(rejectionText(t, result.rejection));
        return;
      }
      setUploaded(result.file);
      onUploaded?.(result.file);
    } catch (error) {
      const status =
        typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
      const message = error instanceof Error ? error.message : '';
      notify.warning(uploadErrorText(t, { type: 'uploaderror', status, message }));
    } finally {
      setBusy(false);
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    void send(file);
    return Upload.LIST_IGNORE;
  };
  const accept = acceptAttribute('image');
  const bounds = {
    width: compression.maxWidth ?? IMAGE_COMPRESSION.maxWidth,
    height: compression.maxHeight ?? IMAGE_COMPRESSION.maxHeight,
    quality: compression.quality ?? IMAGE_COMPRESSION.quality,
  };

  return (
    <Space orientation="vertical" size="small">
      <Space wrap>
        <Upload
          beforeUpload={beforeUpload}
          showUploadList={false}
          multiple={false}
          {...(accept === undefined ? {} : { accept })}
        >
          <Button icon={<PictureOutlined />} loading={busy}>
            {t('upload.selectImage')}
          </Button>
        </Upload>
        <Switch checked={asBase64} onChange={setAsBase64} aria-label={t('upload.image.base64')} />
        <span aria-hidden>{t('upload.image.base64')}</span>
      </Space>
      <Typography.Text type="secondary">{t('upload.image.hint', bounds)}</Typography.Text>
      {busy && <span role="status">{t('upload.image.uploading')}</span>}
      {uploaded && (
        <figure className="image-upload__preview">
          <img
            src={`${uploaded.url}&${UPLOAD_FIELDS.inline}=1`}
            alt={t('upload.image.preview', { name: uploaded.fileName })}
            style={{ maxWidth: bounds.width, maxHeight: bounds.height }}
          />
          <figcaption>{t('upload.image.preview', { name: uploaded.fileName })}</figcaption>
        </figure>
      )}
    </Space>
  );
}
