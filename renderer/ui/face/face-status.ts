import type { TFunction } from 'i18next';
import type { FaceNotice, FaceState } from '../../core/face/face-machine';
import { mayOpenCamera, mayTakePhoto } from '../../core/face/face-machine';

function noticeText(t: TFunction, notice: FaceNotice): string {
  switch (notice.kind) {
    case 'camera-unavailable':
      return notice.reason === 'insecure-origin'
        ? t('face.status.insecureOrigin')
        : t('face.status.noCamera');
    case 'timeout':
      return t('face.status.timeout');
    case 'user-id-missing':
      return t('face.status.userIdMissing');
    case 'server':
      return notice.message;
    case 'capture-failed':
      return t('face.status.captureFailed');
    case 'file-rejected':
      return t(`face.file.${notice.reason}`);
  }
}

function readyText(t: TFunction, state: FaceState): string {
  if (state.settings.mode !== 'collect') return t('face.status.cameraClosed');
  if (state.flags.photoCollected) return t('face.status.captured');
  if (!mayTakePhoto(state)) return t('face.status.savedRetake');
  if (mayOpenCamera(state)) return t('face.status.openCamera');
  return t('face.status.uploadInstead');
}

/**
 * The widget's status line (spec §2 messages, §8 face errors), announced by its aria-live
 * region: the notice when there is one, else what the phase is doing.
 */
export function faceStatusText(t: TFunction, state: FaceState): string {
  const { notice } = state;
  if (notice) return noticeText(t, notice);
  switch (state.phase) {
    case 'initialising':
      return t('face.status.initialising');
    case 'ready':
      return readyText(t, state);
    case 'opening':
      return t('face.status.opening');
    case 'countdown':
      return t('face.status.getReady');
    case 'tracking':
      return t('face.status.hint');
    case 'capturing':
      return t('face.status.capturing');
    case 'captured':
      return t('face.status.captured');
    case 'submitting':
      return t('face.status.recognising');
    case 'saving':
      return t('face.status.saving');
    case 'done':
      return state.settings.mode === 'login'
        ? t('face.status.loggedIn')
        : t('face.status.clockedIn');
    case 'timeout':
      return t('face.status.timeout');
    case 'failed':
      return t('face.status.captureFailed');
  }
}
