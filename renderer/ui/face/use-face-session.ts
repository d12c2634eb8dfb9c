import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceClockingData, FaceRecord } from '../../../contract/face';
import type { CameraSession } from '../../core/face/camera';
import {
  checkFace,
  faceClocking,
  faceLogin,
  fetchFaceRecord,
  savedRegisterTime,
  USER_ID_NOT_FIND,
} from '../../core/face/face-api';
import type { FaceDetector } from '../../core/face/face-detector';
import type { FaceEnv } from '../../core/face/face-env';
import type { PhotoSize } from '../../core/face/face-image';
import {
  faceReducer,
  initialFaceState,
  type FaceEvent,
  type FaceSettings,
  type FaceState,
} from '../../core/face/face-machine';
import {
  clearDetectionMeasures,
  FACE_MARKS,
  markFace,
  measureFace,
} from '../../core/face/face-timing';
import { startTrackingLoop } from '../../core/face/tracking-loop';
import { notify } from '../notify/notify';

export interface FaceSessionCallbacks {
  /** Collect: the photo was saved (spec §7 face check). Login: just before the page reloads. */
  onSuccess?: ((record?: FaceRecord) => void) | undefined;
  /** Clock-in: the server's answer, handed to the parent as user info (spec §7). */
  onUserInfo?: ((data: FaceClockingData) => void) | undefined;
  /** Spec §5: 'userId is not find' in collect mode without a userId. */
  onError?: ((error: Error) => void) | undefined;
}

export interface FaceSession {
  state: FaceState;
  dispatch: (event: FaceEvent) => void;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  /** Detection frames per second, updated about once a second while tracking. */
  fps: number;
  pickFile: (file: File) => void;
}

/**
 * Runs the face machine: the reducer decides, and one effect per phase does the work (camera,
 * countdown, tracking, photo, server call) and reports back with an event. Each effect's
 * cleanup stops its work, so closing or unmounting releases the camera and the worker.
 */
export function useFaceSession(
  settings: FaceSettings,
  env: FaceEnv,
  resultSize: PhotoSize,
  callbacks: FaceSessionCallbacks,
): FaceSession {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(faceReducer, settings, initialFaceState);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const detectorRef = useRef<FaceDetector | null>(null);
  const [fps, setFps] = useState(0);
  const { mode, userId, waitTime } = state.settings;
  const { width: resultWidth, height: resultHeight } = resultSize;

  const raiseError = useEffectEvent((error: Error) => {
    callbacks.onError?.(error);
  });
  const loggedIn = useEffectEvent(() => {
    callbacks.onSuccess?.();
    env.reload();
  });
  const clockedIn = useEffectEvent((data: FaceClockingData) => {
    callbacks.onUserInfo?.(data);
  });
  const collectionSaved = useEffectEvent((record: FaceRecord) => {
    // Spec §8: success notification, title 'notice'.
    notify.success(t('face.notice.collected'), t('face.notice.title'));
    callbacks.onSuccess?.(record);
  });

  // Initialising: is there a camera to try; in collect mode, the saved photo.
  const initialising = state.phase === 'initialising';
  useEffect(() => {
    if (!initialising) return undefined;
    let live = true;
    const run = async () => {
      await Promise.resolve();
      const camera = env.cameraUnavailable();
      if (mode !== 'collect') {
        if (live) dispatch({ type: 'initialised', camera, saved: null });
        return;
      }
      if (userId === '') {
        if (!live) return;
        dispatch({
          type: 'initialise-failed',
          notice: { kind: 'user-id-missing' },
          retry: null,
        });
        raiseError(new Error(USER_ID_NOT_FIND));
        return;
      }
      const result = await fetchFaceRecord(userId);
      if (!live) return;
      if (result.ok) {
        const record = result.data;
        dispatch({
          type: 'initialised',
          camera,
          saved: record ? { faceImage: record.faceImage, registerTime: record.registerTime } : null,
        });
      } else {
        dispatch({
          type: 'initialise-failed',
          notice: { kind: 'server', message: result.message },
          retry: 'initialise',
        });
      }
    };
    void run();
    return () => {
      live = false;
    };
  }, [initialising, env, mode, userId]);

  // The camera, open while the machine wants it; the detector (a worker) starts with it, so
  // tracking.js is loaded during the countdown.
  const cameraWanted = state.camera !== 'closed';
  useEffect(() => {
    if (!cameraWanted) return undefined;
    const video = videoRef.current;
    if (!video) return undefined;
    let live = true;
    let session: CameraSession | null = null;
    const detector = env.createDetector();
    detectorRef.current = detector;
    env.openCamera(video).then(
      (opened) => {
        if (!live) {
          opened.stop();
          return;
        }
        session = opened;
        markFace(FACE_MARKS.cameraOpen);
        if (waitTime <= 0) markFace(FACE_MARKS.countdownEnd);
        dispatch({ type: 'camera-opened' });
      },
      () => {
        if (live) dispatch({ type: 'camera-failed' });
      },
    );
    return () => {
      live = false;
      session?.stop();
      detector.dispose();
      if (detectorRef.current === detector) detectorRef.current = null;
    };
  }, [cameraWanted, env, waitTime]);

  // The waiting countdown, one second at a time.
  const countdownAt = state.phase === 'countdown' ? state.countdown : 0;
  useEffect(() => {
    if (countdownAt <= 0) return undefined;
    const timer = setTimeout(() => {
      if (countdownAt <= 1) markFace(FACE_MARKS.countdownEnd);
      dispatch({ type: 'tick' });
    }, 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [countdownAt]);

  // Tracking: frames to the detector one at a time, 15 s to capture.
  const trackingRun = state.phase === 'tracking' ? state.trackingRun : 0;
  useEffect(() => {
    if (trackingRun === 0) return undefined;
    const video = videoRef.current;
    const detector = detectorRef.current;
    if (!video || !detector) return undefined;
    clearDetectionMeasures();
    markFace(FACE_MARKS.trackingStart);
    const frames = env.watchFrames(video);
    const stop = startTrackingLoop({
      nextFrame: () => frames.next(),
      grab: () => env.readFrame(video),
      detector,
      onFaces: (faces, frame) => {
        dispatch({ type: 'frame', faces, frame });
      },
      onStats: (stats) => {
        setFps(stats.fps);
      },
    });
    const timer = setTimeout(() => {
      dispatch({ type: 'timeout' });
    }, env.timeoutMs);
    return () => {
      stop();
      frames.stop();
      clearTimeout(timer);
    };
  }, [trackingRun, env]);

  // The photo, from the video onto the canvas (unmirrored).
  const capturing = state.phase === 'capturing';
  useEffect(() => {
    if (!capturing) return undefined;
    let live = true;
    void Promise.resolve().then(() => {
      if (!live) return;
      const video = videoRef.current;
      const canvas = canvasRef.current;
      try {
        if (!video || !canvas) throw new Error('No video');
        const photo = env.capturePhoto(video, canvas, { width: resultWidth, height: resultHeight });
        markFace(FACE_MARKS.captured);
        measureFace(FACE_MARKS.countdownToCapture, FACE_MARKS.countdownEnd);
        dispatch({ type: 'captured', photo });
      } catch {
        dispatch({ type: 'capture-failed' });
      }
    });
    return () => {
      live = false;
    };
  }, [capturing, env, resultWidth, resultHeight]);

  // Login and clock-in: the photo to the server.
  const submitting = state.phase === 'submitting' ? state.photo : null;
  useEffect(() => {
    if (submitting === null) return undefined;
    let live = true;
    const run = async () => {
      if (mode === 'login') {
        const result = await faceLogin(submitting);
        if (!live) return;
        if (!result.ok) {
          dispatch({ type: 'refused', message: result.message });
          return;
        }
        dispatch({ type: 'submitted' });
        loggedIn();
        return;
      }
      const result = await faceClocking(submitting);
      if (!live) return;
      if (!result.ok) {
        dispatch({ type: 'refused', message: result.message });
        return;
      }
      dispatch({ type: 'submitted' });
      clockedIn(result.data);
    };
    run().catch((error: unknown) => {
      if (live) dispatch({ type: 'refused', message: errorText(error) });
    });
    return () => {
      live = false;
    };
  }, [submitting, mode]);

  // Collect: save the photo (spec §7 face check).
  const saving = state.phase === 'saving' ? state.photo : null;
  useEffect(() => {
    if (saving === null) return undefined;
    let live = true;
    const run = async () => {
      const result = await checkFace(saving, userId);
      if (!live) return;
      if (!result.ok) {
        dispatch({ type: 'refused', message: result.message });
        return;
      }
      const record = {
        faceImage: saving,
        registerTime: savedRegisterTime(result.data, new Date()),
      };
      dispatch({ type: 'saved', saved: record });
      collectionSaved({ ...record, userId });
    };
    run().catch((error: unknown) => {
      if (live) dispatch({ type: 'refused', message: errorText(error) });
    });
    return () => {
      live = false;
    };
  }, [saving, userId]);

  const pickFile = (file: File) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    env.readPhotoFile(file, canvas, { width: resultWidth, height: resultHeight }).then(
      (result) => {
        if ('photo' in result) dispatch({ type: 'file-loaded', photo: result.photo });
        else dispatch({ type: 'file-rejected', reason: result.rejected });
      },
      () => {
        dispatch({ type: 'file-rejected', reason: 'unreadable' });
      },
    );
  };

  return { state, dispatch, videoRef, canvasRef, fps, pickFile };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
