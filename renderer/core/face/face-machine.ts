import { FACE } from '../../../contract/face';
import { frameMatches, shouldCapture } from './capture-rule';
import type { FaceBox, FrameSize } from './face-detector';

/**
 * The face widget as a pure state machine (spec §2, §4): `faceReducer(state, event)` returns
 * the next state and never touches the camera, the network or a timer. The component runs the
 * side effects each phase asks for (open the camera, tick the countdown, track frames, grab the
 * photo, call the server) and reports their outcome back as events. An event that does not fit
 * the current phase is ignored, so a late answer can never move the widget backwards.
 */

/** The widget's mode inside the code; 'orther' (the wire spelling) is the clock-in mode. */
export type FaceMode = 'login' | 'clockIn' | 'collect';

/** Maps the wire's mode (spec §2 FaceWidgetMode: login, orther, collect) to the code's name. */
export function toFaceMode(mode: string | undefined): FaceMode {
  if (mode === 'login') return 'login';
  if (mode === 'orther') return 'clockIn';
  return 'collect';
}

export type FacePhase =
  /** Reading the settings, checking for a camera, loading the saved photo (collect). */
  | 'initialising'
  /** Initialised; the camera is closed (collect: waiting for a button; login: no camera). */
  | 'ready'
  /** getUserMedia, the 150 ms camera delay, play(). */
  | 'opening'
  /** The waiting countdown of waitTime seconds before tracking. */
  | 'countdown'
  /** Detecting faces on video frames; 15 s to capture. */
  | 'tracking'
  /** The photo is being grabbed from the video (auto-capture or a button). */
  | 'capturing'
  /** Collect: a photo is held and can be saved or retaken. */
  | 'captured'
  /** Login and clock-in: the photo is with the server. */
  | 'submitting'
  /** Collect: the photo is being saved (collect loading). */
  | 'saving'
  /** No capture within 15 s: tracking stopped, a click starts again. */
  | 'timeout'
  /** The server refused, or a step failed: the message shows with a click-to-retry prompt. */
  | 'failed'
  /** Login or clock-in succeeded; the camera is closed. */
  | 'done';

/** The state flags of spec §4, named as the spec names them. */
export interface FaceFlags {
  /** Camera can be opened: a secure origin (https or localhost) with media devices. */
  canOpenCamera: boolean;
  initialised: boolean;
  /**
   * Collected: the photo-taking step is settled. Starts true in any mode but collect (spec §3:
   * type other than collect starts collected); in collect mode set by a capture or an upload
   * and cleared by a retake.
   */
  collected: boolean;
  /** Collect loading: the save call is running. */
  collectLoading: boolean;
  /** Photo collected: a photo was taken (or uploaded) and not yet saved or sent. */
  photoCollected: boolean;
  /** Has camera: no camera failure so far (default true). */
  hasCamera: boolean;
  /** Has got photo: a photo exists, saved on the server or taken here. */
  hasGotPhoto: boolean;
  /** Needs a click to start: tracking stopped (timeout or refusal) until the user clicks. */
  needsClickToStart: boolean;
  /** Repeat-photo chosen: retake was pressed, so a new photo may replace the existing one. */
  repeatPhotoChosen: boolean;
}

/** The photo stored on the server (spec §3 face record, without the userId). */
export interface SavedPhoto {
  faceImage: string;
  registerTime: string;
}

/** Why the camera is not available, when it is not. */
export type CameraUnavailable = 'insecure-origin' | 'unsupported' | 'no-camera';

/** What a retry does after a failure. */
export type RetryAction = 'track' | 'save' | 'initialise';

/** A message the phase alone does not say; the UI turns it into text. */
export type FaceNotice =
  | { kind: 'camera-unavailable'; reason: CameraUnavailable }
  | { kind: 'timeout' }
  | { kind: 'user-id-missing' }
  | { kind: 'server'; message: string }
  | { kind: 'capture-failed' }
  | { kind: 'file-rejected'; reason: FileRejectionReason };

export type FileRejectionReason = 'type' | 'size' | 'dimensions' | 'unreadable';

export interface FaceSettings {
  mode: FaceMode;
  /** Capture automatically when the face sits in the guide (spec §3, default true). */
  autoCheck: boolean;
  /** Seconds of the waiting countdown (spec §3, default 3). */
  waitTime: number;
  userId: string;
}

export interface FaceState {
  settings: FaceSettings;
  phase: FacePhase;
  flags: FaceFlags;
  camera: 'closed' | 'opening' | 'open';
  /** Seconds left of the waiting countdown. */
  countdown: number;
  /** Frames so far of this tracking run with a face in the guide. */
  matchingFrames: number;
  /** Whether the last tracked frame had a face in the guide (the guide's shown state). */
  faceInGuide: boolean;
  /** Counts tracking runs, so each run (and its 15 s timer) starts afresh. */
  trackingRun: number;
  /** The photo taken or uploaded (base64 JPEG without a data: prefix). */
  photo: string | null;
  saved: SavedPhoto | null;
  /** Spec §3: true while no photo is stored yet. */
  fistSave: boolean;
  notice: FaceNotice | null;
  /** What a click on the retry prompt does; null when there is nothing to retry. */
  retry: RetryAction | null;
}

export type FaceEvent =
  | { type: 'initialised'; camera: CameraUnavailable | null; saved: SavedPhoto | null }
  | { type: 'initialise-failed'; notice: FaceNotice; retry: RetryAction | null }
  | { type: 'open-camera' }
  | { type: 'camera-opened' }
  | { type: 'camera-failed' }
  | { type: 'tick' }
  | { type: 'frame'; faces: readonly FaceBox[]; frame: FrameSize }
  | { type: 'take-photo' }
  | { type: 'captured'; photo: string }
  | { type: 'capture-failed' }
  | { type: 'timeout' }
  | { type: 'retry' }
  | { type: 'submitted' }
  | { type: 'refused'; message: string }
  | { type: 'retake' }
  | { type: 'save' }
  | { type: 'saved'; saved: SavedPhoto }
  | { type: 'file-loaded'; photo: string }
  | { type: 'file-rejected'; reason: FileRejectionReason }
  | { type: 'close' };

/** Normalises the widget's settings (spec §3 defaults: autoCheck true, waitTime 3). */
export function faceSettings(input: {
  mode?: string | undefined;
  autoCheck?: boolean | undefined;
  waitTime?: number | string | undefined;
  userId?: string | number | null | undefined;
}): FaceSettings {
  const wait =
    input.waitTime === undefined || input.waitTime === ''
      ? FACE.waitTimeSeconds
      : Number(input.waitTime);
  return {
    mode: toFaceMode(input.mode),
    autoCheck: input.autoCheck ?? true,
    waitTime: Number.isFinite(wait) && wait > 0 ? Math.floor(wait) : 0,
    userId: input.userId === null || input.userId === undefined ? '' : String(input.userId).trim(),
  };
}

export function initialFaceState(settings: FaceSettings): FaceState {
  return {
    settings,
    phase: 'initialising',
    flags: {
      canOpenCamera: false,
      initialised: false,
      collected: settings.mode !== 'collect',
      collectLoading: false,
      photoCollected: false,
      hasCamera: true,
      hasGotPhoto: false,
      needsClickToStart: false,
      repeatPhotoChosen: false,
    },
    camera: 'closed',
    countdown: settings.waitTime,
    matchingFrames: 0,
    faceInGuide: false,
    trackingRun: 0,
    photo: null,
    saved: null,
    fistSave: true,
    notice: null,
    retry: null,
  };
}

/** Collect mode: a new photo may be taken (none exists yet, or retake was pressed). */
export function mayTakePhoto(state: FaceState): boolean {
  return (
    state.settings.mode !== 'collect' || !state.flags.hasGotPhoto || state.flags.repeatPhotoChosen
  );
}

/** The camera may be opened now. */
export function mayOpenCamera(state: FaceState): boolean {
  return (
    state.flags.initialised &&
    state.flags.canOpenCamera &&
    state.flags.hasCamera &&
    state.camera === 'closed' &&
    mayTakePhoto(state) &&
    !state.flags.collectLoading &&
    state.phase !== 'submitting' &&
    state.phase !== 'done'
  );
}

/** A collect-mode photo can be picked from a file: no camera can be opened. */
export function mayUploadFile(state: FaceState): boolean {
  return (
    state.settings.mode === 'collect' &&
    state.flags.initialised &&
    (!state.flags.canOpenCamera || !state.flags.hasCamera) &&
    mayTakePhoto(state) &&
    !state.flags.collectLoading &&
    state.notice?.kind !== 'user-id-missing'
  );
}

export function maySave(state: FaceState): boolean {
  return (
    state.settings.mode === 'collect' &&
    state.flags.photoCollected &&
    state.photo !== null &&
    !state.flags.collectLoading
  );
}

/** The camera shows a live picture (countdown or tracking). */
export function isLive(state: FaceState): boolean {
  return state.camera === 'open' && (state.phase === 'countdown' || state.phase === 'tracking');
}

function withFlags(state: FaceState, flags: Partial<FaceFlags>): FaceFlags {
  return { ...state.flags, ...flags };
}

/** The camera is open: count down, or track at once when waitTime is 0. */
function startCountdown(state: FaceState): FaceState {
  if (state.settings.waitTime <= 0) return startTracking(state);
  return { ...state, phase: 'countdown', countdown: state.settings.waitTime, faceInGuide: false };
}

function startTracking(state: FaceState): FaceState {
  return {
    ...state,
    phase: 'tracking',
    countdown: 0,
    matchingFrames: 0,
    faceInGuide: false,
    trackingRun: state.trackingRun + 1,
    notice: null,
    retry: null,
    flags: withFlags(state, { needsClickToStart: false }),
  };
}

function openCamera(state: FaceState): FaceState {
  return {
    ...state,
    phase: 'opening',
    camera: 'opening',
    notice: null,
    retry: null,
    flags: withFlags(state, { needsClickToStart: false }),
  };
}

/** Where the widget rests when the camera is closed. */
function rest(state: FaceState): FaceState {
  return { ...state, phase: 'ready', camera: 'closed', countdown: 0, faceInGuide: false };
}

function fail(state: FaceState, notice: FaceNotice, retry: RetryAction | null): FaceState {
  return {
    ...state,
    phase: 'failed',
    notice,
    retry,
    faceInGuide: false,
    flags: withFlags(state, { needsClickToStart: retry !== null, collectLoading: false }),
  };
}

function onInitialised(
  state: FaceState,
  event: Extract<FaceEvent, { type: 'initialised' }>,
): FaceState {
  const canOpenCamera = event.camera === null;
  const saved = event.saved;
  const next: FaceState = {
    ...state,
    saved,
    fistSave: saved === null,
    notice: canOpenCamera
      ? null
      : { kind: 'camera-unavailable', reason: event.camera ?? 'no-camera' },
    retry: null,
    flags: withFlags(state, {
      initialised: true,
      canOpenCamera,
      hasCamera: event.camera !== 'no-camera',
      hasGotPhoto: saved !== null,
    }),
  };
  // Login and clock-in open the camera by themselves; collect waits for its buttons.
  if (canOpenCamera && state.settings.mode !== 'collect') return openCamera(next);
  return rest(next);
}

function onFrame(state: FaceState, event: Extract<FaceEvent, { type: 'frame' }>): FaceState {
  const inGuide = frameMatches(event.faces, event.frame);
  const matchingFrames = state.matchingFrames + (inGuide ? 1 : 0);
  const next = { ...state, matchingFrames, faceInGuide: inGuide };
  if (state.settings.autoCheck && inGuide && shouldCapture(matchingFrames) && mayTakePhoto(state)) {
    return { ...next, phase: 'capturing' };
  }
  if (matchingFrames === state.matchingFrames && inGuide === state.faceInGuide) return state;
  return next;
}

function onCaptured(state: FaceState, photo: string): FaceState {
  const flags = withFlags(state, {
    photoCollected: true,
    hasGotPhoto: true,
    repeatPhotoChosen: false,
    collected: true,
  });
  if (state.settings.mode === 'collect') {
    return { ...state, phase: 'captured', photo, faceInGuide: false, flags };
  }
  return { ...state, phase: 'submitting', photo, faceInGuide: false, flags };
}

function onRetry(state: FaceState): FaceState {
  if (state.retry === 'initialise') return initialFaceState(state.settings);
  if (state.retry === 'save') {
    if (state.photo === null) return state;
    return {
      ...state,
      phase: 'saving',
      notice: null,
      retry: null,
      flags: withFlags(state, { needsClickToStart: false, collectLoading: true }),
    };
  }
  // 'track': a new photo is wanted. Login/clock-in drop the refused photo.
  const cleared: FaceState =
    state.settings.mode === 'collect'
      ? state
      : { ...state, photo: null, flags: withFlags(state, { photoCollected: false }) };
  if (state.camera === 'open') return startTracking(cleared);
  if (mayOpenCamera({ ...cleared, phase: 'ready' })) return openCamera(cleared);
  return rest({
    ...cleared,
    notice: null,
    retry: null,
    flags: withFlags(cleared, { needsClickToStart: false }),
  });
}

function onRetake(state: FaceState): FaceState {
  const next: FaceState = {
    ...state,
    photo: null,
    notice: null,
    retry: null,
    flags: withFlags(state, {
      repeatPhotoChosen: true,
      photoCollected: false,
      collected: false,
      needsClickToStart: false,
    }),
  };
  if (state.camera === 'open') return startCountdown(next);
  if (mayOpenCamera({ ...next, phase: 'ready' })) return openCamera(next);
  return rest(next);
}

export function faceReducer(state: FaceState, event: FaceEvent): FaceState {
  const { phase } = state;
  switch (event.type) {
    case 'initialised':
      return phase === 'initialising' ? onInitialised(state, event) : state;
    case 'initialise-failed':
      if (phase !== 'initialising') return state;
      return fail(
        { ...state, flags: withFlags(state, { initialised: event.retry === null }) },
        event.notice,
        event.retry,
      );
    case 'open-camera':
      return mayOpenCamera(state) ? openCamera(state) : state;
    case 'camera-opened':
      return phase === 'opening' ? startCountdown({ ...state, camera: 'open' }) : state;
    case 'camera-failed':
      // Spec §8: a camera failure means no camera is available.
      if (phase !== 'opening') return state;
      return rest({
        ...state,
        notice: { kind: 'camera-unavailable', reason: 'no-camera' },
        flags: withFlags(state, { hasCamera: false }),
      });
    case 'tick':
      if (phase !== 'countdown') return state;
      return state.countdown <= 1
        ? startTracking(state)
        : { ...state, countdown: state.countdown - 1 };
    case 'frame':
      return phase === 'tracking' ? onFrame(state, event) : state;
    case 'take-photo':
      return isLive(state) && mayTakePhoto(state) ? { ...state, phase: 'capturing' } : state;
    case 'captured':
      return phase === 'capturing' ? onCaptured(state, event.photo) : state;
    case 'capture-failed':
      return phase === 'capturing' ? fail(state, { kind: 'capture-failed' }, 'track') : state;
    case 'timeout':
      if (phase !== 'tracking') return state;
      return {
        ...state,
        phase: 'timeout',
        faceInGuide: false,
        notice: { kind: 'timeout' },
        retry: 'track',
        flags: withFlags(state, { needsClickToStart: true }),
      };
    case 'retry':
      return (phase === 'timeout' || phase === 'failed') && state.retry !== null
        ? onRetry(state)
        : state;
    case 'submitted':
      return phase === 'submitting'
        ? {
            ...state,
            phase: 'done',
            camera: 'closed',
            flags: withFlags(state, { photoCollected: false }),
          }
        : state;
    case 'refused':
      if (phase === 'submitting')
        return fail(state, { kind: 'server', message: event.message }, 'track');
      if (phase === 'saving')
        return fail(state, { kind: 'server', message: event.message }, 'save');
      return state;
    case 'retake':
      if (state.settings.mode !== 'collect' || !state.flags.hasGotPhoto) return state;
      if (phase === 'saving' || phase === 'capturing' || phase === 'initialising') return state;
      return onRetake(state);
    case 'save':
      return maySave(state) && (phase === 'captured' || phase === 'ready')
        ? {
            ...state,
            phase: 'saving',
            notice: null,
            retry: null,
            flags: withFlags(state, { collectLoading: true }),
          }
        : state;
    case 'saved':
      // Spec §4: saving successfully closes the camera and signals success.
      if (phase !== 'saving') return state;
      return rest({
        ...state,
        saved: event.saved,
        fistSave: false,
        photo: null,
        notice: null,
        retry: null,
        flags: withFlags(state, {
          collectLoading: false,
          photoCollected: false,
          repeatPhotoChosen: false,
          hasGotPhoto: true,
          collected: true,
          needsClickToStart: false,
        }),
      });
    case 'file-loaded':
      // Spec §4: uploading a file marks the widget collected (the image is on the canvas).
      if (!mayUploadFile(state) || (phase !== 'ready' && phase !== 'failed')) return state;
      return {
        ...state,
        phase: 'captured',
        photo: event.photo,
        notice: null,
        retry: null,
        flags: withFlags(state, {
          collected: true,
          photoCollected: true,
          hasGotPhoto: true,
          repeatPhotoChosen: false,
          needsClickToStart: false,
        }),
      };
    case 'file-rejected':
      if (state.settings.mode !== 'collect' || state.flags.collectLoading) return state;
      return { ...state, notice: { kind: 'file-rejected', reason: event.reason } };
    case 'close':
      if (phase === 'initialising' || phase === 'done' || state.flags.collectLoading) {
        return { ...state, camera: 'closed' };
      }
      return rest({
        ...state,
        notice: null,
        retry: null,
        flags: withFlags(state, { needsClickToStart: false }),
      });
  }
}
