/**
 * The face widget's wire shapes and constants (spec §3 face record and widget settings, §7 face
 * calls, §9 face widget constants). Schema-free, so the web build can import it at run time; the
 * TypeBox schemas live in contract/face-schema.ts.
 */

/** A stored face record (spec §3). `faceImage` is base64 without a data: prefix. */
export interface FaceRecord {
  faceImage: string;
  /** When the photo was enrolled, as 'YYYY-MM-DD HH:mm:ss' in the server's local time. */
  registerTime: string;
  userId: string;
}

/** Body of the three posting face calls (spec §7). `userId` only for /api/uaa/face/check. */
export interface FaceImageBody {
  faceImage: string;
  userId?: string;
}

/** What /api/uaa/login/face/clocking hands to the parent (spec §7: "user info"). */
export interface FaceClockingData {
  userId: string;
  userName: string;
  realName: string;
  unitId: string;
  /** The recorded clock-in time, 'YYYY-MM-DD HH:mm:ss'. */
  clockTime: string;
}

/** Widget modes (spec §2): login, orther (clock-in / confirm) and collect. */
export type FaceWidgetMode = 'login' | 'orther' | 'collect';

/** Spec §9 face widget constants. */
export const FACE = {
  resultWidth: 480,
  resultHeight: 480,
  waitTimeSeconds: 3,
  timeoutMs: 15_000,
  /** More than this many matching frames trigger the capture. */
  matchingFrames: 8,
  trackerInitialScale: 4,
  trackerStepSize: 2,
  trackerEdgesDensity: 0.1,
  cameraDelayMs: 150,
  centreTolerancePx: 50,
  guideWidthRatio: 0.35,
  /** Viewports wider than this use the given width or 480 for the capture. */
  wideViewportPx: 760,
  jpegQuality: 0.9,
} as const;

/** Limits the server enforces before decoding any image (and the client checks first). */
export const FACE_IMAGE_LIMITS = {
  /** Decoded bytes. */
  maxBytes: 2 * 1024 * 1024,
  /** Base64 characters (4/3 of maxBytes, rounded up to a multiple of 4). */
  maxBase64Length: 2_796_204,
  minSide: 64,
  maxSide: 4096,
} as const;

/** Error codes of the face calls (the envelope's `code`). */
export const FACE_CODES = {
  invalidImage: 'face_image_invalid',
  noFace: 'face_not_found',
  severalFaces: 'face_several',
  notRecognised: 'face_not_recognised',
  notEnrolled: 'face_not_enrolled',
  forbidden: 'face_forbidden',
  engineUnavailable: 'face_engine_unavailable',
} as const;
