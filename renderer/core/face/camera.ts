import { FACE } from '../../../contract/face';
import type { CameraUnavailable } from './face-machine';

/**
 * Camera access (spec §4): tried only on https or on localhost; a failure of any kind means no
 * camera is available (spec §8). The stream's tracks are stopped when the widget closes.
 */

/** https, or a loopback host name: localhost, *.localhost, 127.0.0.1 (and other 127.x), ::1. */
export function isCameraOrigin(location: { protocol: string; hostname: string }): boolean {
  if (location.protocol === 'https:') return true;
  const host = location.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '::1'
  );
}

export interface CameraEnvironment {
  location: { protocol: string; hostname: string };
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined;
}

/** Null when the camera may be tried, else why not. */
export function cameraUnavailable(environment: CameraEnvironment): CameraUnavailable | null {
  if (!isCameraOrigin(environment.location)) return 'insecure-origin';
  if (typeof environment.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return null;
}

/** What the page offers, read when the widget initialises. */
export function pageCameraEnvironment(): CameraEnvironment {
  return {
    location: window.location,
    mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices,
  };
}

export interface CameraSession {
  stream: MediaStream;
  stop(): void;
}

export class CameraError extends Error {
  override readonly name = 'CameraError';
  /** The DOMException name of getUserMedia's refusal (NotAllowedError, NotFoundError, ...). */
  readonly reason: string;
  constructor(reason: string) {
    super(`Camera unavailable: ${reason}`);
    this.reason = reason;
  }
}

/** Stops every track, so the camera's light goes off. */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

export interface OpenCameraOptions {
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | undefined;
  /** Spec §9: 150 ms between attaching the stream and play(). */
  delayMs?: number;
}

/** The camera as the tracker wants it: the front camera, 640 × 480 when it can. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
};

/**
 * Opens the camera into the video element and starts it after the camera delay. Rejects with a
 * CameraError on any failure, having released whatever it got.
 */
export async function openCamera(
  video: HTMLVideoElement,
  options: OpenCameraOptions = {},
): Promise<CameraSession> {
  const mediaDevices =
    options.mediaDevices ?? (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices);
  if (typeof mediaDevices?.getUserMedia !== 'function') throw new CameraError('NotSupportedError');
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  } catch (error) {
    throw new CameraError(error instanceof Error ? error.name : 'UnknownError');
  }
  const session: CameraSession = {
    stream,
    stop: () => {
      stopStream(stream);
      if (video.srcObject === stream) video.srcObject = null;
    },
  };
  try {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? FACE.cameraDelayMs));
    await video.play();
  } catch (error) {
    session.stop();
    throw new CameraError(error instanceof Error ? error.name : 'PlayError');
  }
  return session;
}
