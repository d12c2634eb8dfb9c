import { bilingual } from '../../contract/envelope';
import { FACE_PHOTO_LIMITS } from './face-image';

const MAX_MB = FACE_PHOTO_LIMITS.maxBytes / (1024 * 1024);
const MIN_SIDE = FACE_PHOTO_LIMITS.minSide;
const MAX_SIDE = FACE_PHOTO_LIMITS.maxSide;

/** The code of a face call refused because too many photos are waiting (HTTP 503). */
export const FACE_BUSY_CODE = 'face_busy';

/** The face calls' messages, bilingual (`中文|||English`): the widget shows them as they are. */
export const FACE_MESSAGES = {
  invalidImage: bilingual(
    `照片无效：请使用 JPEG 或 PNG 图片，大小不超过 ${String(MAX_MB)} MB，边长 ${String(MIN_SIDE)}–${String(MAX_SIDE)} 像素`,
    `Invalid photo: use a JPEG or PNG image of at most ${String(MAX_MB)} MB, ${String(MIN_SIDE)} to ${String(MAX_SIDE)} pixels per side`,
  ),
  noFace: bilingual(
    '未检测到人脸，请正对摄像头并保持光线充足后重试',
    'No face was found. Please face the camera in good light and try again',
  ),
  severalFaces: bilingual(
    '检测到多张人脸，请确保画面中只有一个人',
    'More than one face was found. Please make sure only one person is in the picture',
  ),
  notRecognised: bilingual(
    '人脸识别失败，未找到匹配的用户',
    'Face not recognised: no matching user was found',
  ),
  notEnrolled: bilingual(
    '本单位尚未录入任何人脸，请先采集人脸照片',
    'No faces have been enrolled in this unit yet. Please collect a face photo first',
  ),
  forbidden: bilingual(
    '无权查看或采集他人的人脸信息',
    "You may not view or collect another user's face data",
  ),
  clockingForbidden: bilingual(
    '只有教师、职工或单位管理员的账号可以进行人脸打卡',
    'Only the accounts of teachers, staff and unit administrators can run a face clock-in',
  ),
  busy: bilingual(
    '人脸识别服务繁忙，请稍后重试',
    'Face recognition is busy at the moment. Please try again shortly',
  ),
  engineUnavailable: bilingual(
    '人脸识别服务暂不可用，请稍后重试',
    'Face recognition is not available at the moment. Please try again later',
  ),
} as const;
