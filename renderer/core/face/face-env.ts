import { FACE } from '../../../contract/face';
import { cameraUnavailable, openCamera, pageCameraEnvironment, type CameraSession } from './camera';
import type { FaceDetector, FrameData } from './face-detector';
import { capturePhoto, createFrameReader, readPhotoFile, type PhotoSize } from './face-image';
import type { CameraUnavailable, FileRejectionReason } from './face-machine';
import { createFaceDetector } from './face-tracker';
import { watchVideoFrames, type FrameWatch } from './video-frames';

/**
 * Everything the face widget needs from the browser, in one replaceable object: the real one
 * in the page, a fake camera and detector in tests (jsdom has neither a camera nor a canvas).
 */
export interface FaceEnv {
  /** Null when the camera may be tried (https or localhost, with media devices). */
  cameraUnavailable(): CameraUnavailable | null;
  /** Opens the camera into the video (150 ms delay, then play); rejects on any failure. */
  openCamera(video: HTMLVideoElement): Promise<CameraSession>;
  createDetector(): FaceDetector;
  /** Signals frames the detector has not seen yet (requestVideoFrameCallback). */
  watchFrames(video: HTMLVideoElement): FrameWatch;
  /** The current frame's pixels for the detector; null while there is no picture yet. */
  readFrame(video: HTMLVideoElement): FrameData | null;
  /** Draws the photo onto the canvas and returns it as base64 JPEG without the prefix. */
  capturePhoto(video: HTMLVideoElement, canvas: HTMLCanvasElement, size: PhotoSize): string;
  readPhotoFile(
    file: File,
    canvas: HTMLCanvasElement,
    size: PhotoSize,
  ): Promise<{ photo: string } | { rejected: FileRejectionReason }>;
  /** Spec §7: after a face login the page reloads. */
  reload(): void;
  /** Spec §9: 15 s to capture. */
  timeoutMs: number;
}

export function createFaceEnv(overrides: Partial<FaceEnv> = {}): FaceEnv {
  const readFrame = createFrameReader();
  return {
    cameraUnavailable: () => cameraUnavailable(pageCameraEnvironment()),
    openCamera: (video) => openCamera(video),
    createDetector: createFaceDetector,
    watchFrames: (video) => watchVideoFrames(video),
    readFrame,
    capturePhoto,
    readPhotoFile,
    reload: () => {
      window.location.reload();
    },
    timeoutMs: FACE.timeoutMs,
    ...overrides,
  };
}
