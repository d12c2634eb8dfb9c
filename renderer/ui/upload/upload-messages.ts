import type { TFunction } from 'i18next';
import type { Base64Rejection, UploadRejection } from '../../core/upload/validate-file';

/** The spec's text for a refused file (§5, §8): 'Not find file', '大小超出限制', ... */
export function rejectionText(t: TFunction, rejection: UploadRejection | Base64Rejection): string {
  switch (rejection.reason) {
    case 'no-file':
      return t('upload.errors.notFindFile');
    case 'too-large':
      return t('upload.errors.sizeExceeded');
    case 'forbidden':
      return t('upload.errors.forbidden', { ext: rejection.ext });
    case 'not-image':
      return t('upload.errors.notImage');
    case 'not-media':
      return t('upload.errors.notMedia');
    case 'not-accepted':
      return t('upload.errors.notAccepted', { ext: rejection.ext });
    case 'base64-empty':
      return t('upload.errors.base64Empty');
    case 'file-name-empty':
      return t('upload.errors.fileNameEmpty');
  }
}

export interface ShownUploadError {
  type: 'checkerror' | 'uploaderror' | 'uploadunkerror' | 'checkchunkerror' | 'chunkmerge';
  message: string;
  status: number;
}

/**
 * Spec §8 upload toast: the status plus the message. The server's message when it sent one;
 * otherwise the type's own text ('上传失败' for a failed upload).
 */
export function uploadErrorText(t: TFunction, error: ShownUploadError): string {
  const own =
    error.type === 'uploaderror'
      ? t('upload.errors.uploadFailed')
      : t(`upload.errors.type.${error.type}`);
  const message = error.message !== '' && error.status > 0 ? error.message : own;
  return error.status > 0 ? `${String(error.status)} ${message}` : message;
}
