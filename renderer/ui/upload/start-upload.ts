import type { TFunction } from 'i18next';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { validateUpload, type UploadRules } from '../../core/upload/validate-file';
import { notify } from '../notify/notify';
import { rejectionText } from './upload-messages';

/**
 * Validates files against the rules of spec §5 and queues the accepted ones; every refused file
 * gets a warning with the spec's text ('Not find file' when there is none at all).
 */
export function startUpload(
  queue: UploadQueue,
  files: readonly File[] | null | undefined,
  rules: UploadRules,
  t: TFunction,
): UploadItem[] {
  if (!files || files.length === 0) {
    notify.warning(rejectionText(t, { reason: 'no-file' }));
    return [];
  }
  const accepted: File[] = [];
  for (const file of files) {
    const rejection = validateUpload(file, rules);
    if (rejection) notify.warning(`${file.name}: ${rejectionText(t, rejection)}`);
    else accepted.push(file);
  }
  return accepted.length > 0 ? queue.add(accepted) : [];
}
