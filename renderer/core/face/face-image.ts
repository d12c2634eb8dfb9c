import { FACE, FACE_IMAGE_LIMITS } from '../../../contract/face';
import type { FileRejectionReason } from './face-machine';
import { MAX_FRAME_WIDTH, type FrameData } from './face-detector';

/**
 * The face photo (spec §3, §9): a 480 × 480 JPEG, centre-cropped from the camera frame or the
 * picked file, sent as base64 without the `data:` prefix. Files are checked before they are
 * read (type and size) and after they are decoded (sides), by the limits the server enforces.
 */

export interface PhotoSize {
  width: number;
  height: number;
}

export const RESULT_SIZE: PhotoSize = { width: FACE.resultWidth, height: FACE.resultHeight };

/** Image types a browser decodes everywhere. */
export const FACE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp'] as const;
const EXTENSIONS = /\.(jpe?g|png|webp|bmp)$/i;

/** Checks a picked file before reading it: an image type and at most 2 MB. */
export function validatePhotoFile(file: {
  name: string;
  type: string;
  size: number;
}): FileRejectionReason | null {
  const type = file.type.toLowerCase();
  const typeOk =
    type === ''
      ? EXTENSIONS.test(file.name)
      : (FACE_PHOTO_TYPES as readonly string[]).includes(type);
  if (!typeOk) return 'type';
  if (file.size <= 0 || file.size > FACE_IMAGE_LIMITS.maxBytes) return 'size';
  return null;
}

/** Checks a decoded image's sides (64 to 4096 px). */
export function validatePhotoSides(width: number, height: number): FileRejectionReason | null {
  const small = Math.min(width, height);
  const large = Math.max(width, height);
  if (small < FACE_IMAGE_LIMITS.minSide || large > FACE_IMAGE_LIMITS.maxSide) return 'dimensions';
  return null;
}

/** The centred part of a source with the target's aspect ratio (what object-fit: cover shows). */
export function coverCrop(
  source: PhotoSize,
  target: PhotoSize,
): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.min(source.width / target.width, source.height / target.height);
  const sw = target.width * scale;
  const sh = target.height * scale;
  return { sx: (source.width - sw) / 2, sy: (source.height - sh) / 2, sw, sh };
}

/** 'data:image/jpeg;base64,AAAA' → 'AAAA' (the wire wants no prefix). */
export function stripDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 && dataUrl.startsWith('data:') ? dataUrl.slice(comma + 1) : dataUrl;
}

/** A stored photo as an <img> source. */
export function photoSource(base64: string): string {
  return base64.startsWith('data:') ? base64 : `data:image/jpeg;base64,${base64}`;
}

/**
 * Draws the source, centre-cropped, onto the canvas at the result size (the canvas is resized)
 * and returns it as base64 JPEG without the prefix. Never mirrored: the photo is the real face.
 */
export function drawPhoto(
  source: CanvasImageSource,
  sourceSize: PhotoSize,
  canvas: HTMLCanvasElement,
  size: PhotoSize = RESULT_SIZE,
): string {
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  const crop = coverCrop(sourceSize, size);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);
  return stripDataUrl(canvas.toDataURL('image/jpeg', FACE.jpegQuality));
}

/** Takes the photo from the playing video. */
export function capturePhoto(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  size: PhotoSize = RESULT_SIZE,
): string {
  if (video.videoWidth <= 0 || video.videoHeight <= 0) throw new Error('No video picture');
  return drawPhoto(video, { width: video.videoWidth, height: video.videoHeight }, canvas, size);
}

export interface DecodedPhoto {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/** Decodes a picked image file (after validatePhotoFile). */
export async function decodePhotoFile(file: Blob): Promise<DecodedPhoto> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => {
        bitmap.close();
      },
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => undefined,
    };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Reads a picked file into the canvas as the 480 × 480 photo. Resolves to the base64 photo, or
 * to the reason the file was refused.
 */
export async function readPhotoFile(
  file: File,
  canvas: HTMLCanvasElement,
  size: PhotoSize = RESULT_SIZE,
): Promise<{ photo: string } | { rejected: FileRejectionReason }> {
  const refused = validatePhotoFile(file);
  if (refused) return { rejected: refused };
  let decoded: DecodedPhoto;
  try {
    decoded = await decodePhotoFile(file);
  } catch {
    return { rejected: 'unreadable' };
  }
  try {
    const sides = validatePhotoSides(decoded.width, decoded.height);
    if (sides) return { rejected: sides };
    return { photo: drawPhoto(decoded.source, decoded, canvas, size) };
  } finally {
    decoded.close();
  }
}

/**
 * Reads video frames for the detector: the frame scaled to at most 640 wide, as RGBA pixels.
 * One canvas is reused; each call returns fresh pixels (their buffer may be transferred).
 */
export function createFrameReader(maxWidth: number = MAX_FRAME_WIDTH) {
  let canvas: OffscreenCanvas | HTMLCanvasElement | null = null;
  let context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null = null;
  return (video: HTMLVideoElement): FrameData | null => {
    const { videoWidth, videoHeight } = video;
    if (videoWidth <= 0 || videoHeight <= 0 || video.readyState < 2) return null;
    const scale = Math.min(1, maxWidth / videoWidth);
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    if (canvas?.width !== width || canvas.height !== height) {
      if (typeof OffscreenCanvas === 'function') {
        const offscreen = new OffscreenCanvas(width, height);
        context = offscreen.getContext('2d', { willReadFrequently: true });
        canvas = offscreen;
      } else {
        const element = Object.assign(document.createElement('canvas'), { width, height });
        context = element.getContext('2d', { willReadFrequently: true });
        canvas = element;
      }
    }
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
}
