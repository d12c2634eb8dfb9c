import { describe, expect, it } from 'vitest';
import type { FaceBox } from './face-detector';
import {
  faceReducer,
  faceSettings,
  initialFaceState,
  isLive,
  mayOpenCamera,
  mayTakePhoto,
  mayUploadFile,
  maySave,
  toFaceMode,
  type FaceEvent,
  type FaceState,
} from './face-machine';

const frame = { width: 640, height: 480 };
/** The guide for 640 × 480 is 224 px at (208, 128): this face sits in it. */
const centred: FaceBox = { x: 217, y: 135, width: 198, height: 198 };
const aside: FaceBox = { x: 20, y: 20, width: 198, height: 198 };

function run(state: FaceState, ...events: FaceEvent[]): FaceState {
  return events.reduce(faceReducer, state);
}

function start(input: Parameters<typeof faceSettings>[0] = {}): FaceState {
  return initialFaceState(faceSettings(input));
}

const frames = (count: number, faces: FaceBox[] = [centred]): FaceEvent[] =>
  Array.from({ length: count }, () => ({ type: 'frame', faces, frame }) as const);

/** Login mode, camera open, countdown done: tracking. */
function trackingLogin(input: Parameters<typeof faceSettings>[0] = {}): FaceState {
  return run(
    start({ mode: 'login', ...input }),
    { type: 'initialised', camera: null, saved: null },
    { type: 'camera-opened' },
    { type: 'tick' },
    { type: 'tick' },
    { type: 'tick' },
  );
}

describe('settings (spec §3)', () => {
  it('defaults: collect, autoCheck true, waitTime 3, no userId', () => {
    expect(faceSettings({})).toEqual({
      mode: 'collect',
      autoCheck: true,
      waitTime: 3,
      userId: '',
    });
    expect(faceSettings({ waitTime: '' }).waitTime).toBe(3);
    expect(faceSettings({ waitTime: '5' }).waitTime).toBe(5);
    expect(faceSettings({ waitTime: -1 }).waitTime).toBe(0);
    expect(faceSettings({ userId: 42 }).userId).toBe('42');
    expect(faceSettings({ autoCheck: false }).autoCheck).toBe(false);
  });

  it("maps the wire's 'orther' to clock-in in exactly one place", () => {
    expect(toFaceMode('orther')).toBe('clockIn');
    expect(toFaceMode('login')).toBe('login');
    expect(toFaceMode('collect')).toBe('collect');
    expect(toFaceMode(undefined)).toBe('collect');
  });

  it('starts initialising; a type other than collect starts collected; hasCamera true', () => {
    const collect = start();
    expect(collect.phase).toBe('initialising');
    expect(collect.flags).toEqual({
      canOpenCamera: false,
      initialised: false,
      collected: false,
      collectLoading: false,
      photoCollected: false,
      hasCamera: true,
      hasGotPhoto: false,
      needsClickToStart: false,
      repeatPhotoChosen: false,
    });
    expect(collect.fistSave).toBe(true);
    expect(start({ mode: 'login' }).flags.collected).toBe(true);
    expect(start({ mode: 'orther' }).flags.collected).toBe(true);
  });
});

describe('initialising (spec §4)', () => {
  it('login and clock-in open the camera by themselves when it can be opened', () => {
    for (const mode of ['login', 'orther']) {
      const state = run(start({ mode }), { type: 'initialised', camera: null, saved: null });
      expect(state.phase).toBe('opening');
      expect(state.camera).toBe('opening');
      expect(state.flags.initialised).toBe(true);
      expect(state.flags.canOpenCamera).toBe(true);
    }
  });

  it('outside https and localhost no camera opens; collect offers the upload', () => {
    const login = run(start({ mode: 'login' }), {
      type: 'initialised',
      camera: 'insecure-origin',
      saved: null,
    });
    expect(login.phase).toBe('ready');
    expect(login.camera).toBe('closed');
    expect(login.flags.canOpenCamera).toBe(false);
    expect(login.notice).toEqual({ kind: 'camera-unavailable', reason: 'insecure-origin' });

    const collect = run(start({ userId: '7' }), {
      type: 'initialised',
      camera: 'insecure-origin',
      saved: null,
    });
    expect(collect.phase).toBe('ready');
    expect(mayOpenCamera(collect)).toBe(false);
    expect(mayUploadFile(collect)).toBe(true);
  });

  it('collect waits for its buttons and keeps the saved photo (fistSave false)', () => {
    const saved = { faceImage: 'QUJD', registerTime: '2026-03-01 08:00:00' };
    const state = run(start({ userId: '7' }), { type: 'initialised', camera: null, saved });
    expect(state.phase).toBe('ready');
    expect(state.camera).toBe('closed');
    expect(state.saved).toEqual(saved);
    expect(state.fistSave).toBe(false);
    expect(state.flags.hasGotPhoto).toBe(true);
    const first = run(start({ userId: '7' }), { type: 'initialised', camera: null, saved: null });
    expect(first.fistSave).toBe(true);
    expect(first.flags.hasGotPhoto).toBe(false);
  });

  it("stops at 'userId is not find' without a retry", () => {
    const state = run(start(), {
      type: 'initialise-failed',
      notice: { kind: 'user-id-missing' },
      retry: null,
    });
    expect(state.phase).toBe('failed');
    expect(state.notice).toEqual({ kind: 'user-id-missing' });
    expect(state.flags.needsClickToStart).toBe(false);
    expect(mayUploadFile(state)).toBe(false);
    expect(run(state, { type: 'retry' })).toBe(state);
  });

  it('a failed load of the saved photo shows the message and retries the initialisation', () => {
    const failed = run(start({ userId: '7' }), {
      type: 'initialise-failed',
      notice: { kind: 'server', message: '服务器内部错误' },
      retry: 'initialise',
    });
    expect(failed.flags.needsClickToStart).toBe(true);
    const again = run(failed, { type: 'retry' });
    expect(again.phase).toBe('initialising');
    expect(again.notice).toBeNull();
  });
});

describe('camera, countdown and tracking (spec §4, §9)', () => {
  it('counts down waitTime seconds after the camera opens, then tracks', () => {
    let state = run(
      start({ mode: 'login', waitTime: 2 }),
      { type: 'initialised', camera: null, saved: null },
      { type: 'camera-opened' },
    );
    expect(state.phase).toBe('countdown');
    expect(state.countdown).toBe(2);
    expect(state.camera).toBe('open');
    expect(isLive(state)).toBe(true);
    state = run(state, { type: 'tick' });
    expect(state.countdown).toBe(1);
    state = run(state, { type: 'tick' });
    expect(state.phase).toBe('tracking');
    expect(state.trackingRun).toBe(1);
  });

  it('tracks at once when waitTime is 0', () => {
    const state = run(
      start({ mode: 'login', waitTime: 0 }),
      { type: 'initialised', camera: null, saved: null },
      { type: 'camera-opened' },
    );
    expect(state.phase).toBe('tracking');
  });

  it('a camera failure means no camera is available (spec §8)', () => {
    const state = run(
      start({ mode: 'login' }),
      { type: 'initialised', camera: null, saved: null },
      { type: 'camera-failed' },
    );
    expect(state.phase).toBe('ready');
    expect(state.camera).toBe('closed');
    expect(state.flags.hasCamera).toBe(false);
    expect(state.notice).toEqual({ kind: 'camera-unavailable', reason: 'no-camera' });
    expect(mayOpenCamera(state)).toBe(false);
  });

  it('captures after more than 8 frames with the face in the guide, not before', () => {
    let state = trackingLogin();
    state = run(state, ...frames(8));
    expect(state.phase).toBe('tracking');
    expect(state.matchingFrames).toBe(8);
    expect(state.faceInGuide).toBe(true);
    state = run(state, ...frames(1));
    expect(state.phase).toBe('capturing');
  });

  it('counts only matching frames; a frame without a face in the guide changes nothing else', () => {
    let state = run(trackingLogin(), ...frames(5), ...frames(3, [aside]), ...frames(3, []));
    expect(state.matchingFrames).toBe(5);
    expect(state.faceInGuide).toBe(false);
    const unchanged = run(state, ...frames(1, []));
    expect(unchanged).toBe(state);
    state = run(state, ...frames(4));
    expect(state.phase).toBe('capturing');
  });

  it('with autoCheck off, never captures by itself; the button captures', () => {
    let state = run(trackingLogin({ autoCheck: false }), ...frames(20));
    expect(state.phase).toBe('tracking');
    state = run(state, { type: 'take-photo' });
    expect(state.phase).toBe('capturing');
  });

  it('the login button works during the countdown too, and not before the camera opens', () => {
    const opening = run(start({ mode: 'login' }), {
      type: 'initialised',
      camera: null,
      saved: null,
    });
    expect(run(opening, { type: 'take-photo' })).toBe(opening);
    const countdown = run(opening, { type: 'camera-opened' });
    expect(run(countdown, { type: 'take-photo' }).phase).toBe('capturing');
  });

  it('times out after 15 s without a capture: tracking stops, a click starts again', () => {
    let state = run(trackingLogin(), ...frames(3), { type: 'timeout' });
    expect(state.phase).toBe('timeout');
    expect(state.flags.needsClickToStart).toBe(true);
    expect(state.notice).toEqual({ kind: 'timeout' });
    expect(isLive(state)).toBe(false);
    // Frames still in flight are ignored.
    expect(run(state, ...frames(9))).toBe(state);
    state = run(state, { type: 'retry' });
    expect(state.phase).toBe('tracking');
    expect(state.trackingRun).toBe(2);
    expect(state.matchingFrames).toBe(0);
    expect(state.flags.needsClickToStart).toBe(false);
    expect(state.notice).toBeNull();
  });

  it('a timeout outside tracking is ignored', () => {
    const state = run(start({ mode: 'login' }), { type: 'initialised', camera: null, saved: null });
    expect(run(state, { type: 'timeout' })).toBe(state);
  });
});

describe('login and clock-in', () => {
  it('a capture goes to the server; 200 closes the camera', () => {
    let state = run(trackingLogin(), ...frames(9), { type: 'captured', photo: 'QUJD' });
    expect(state.phase).toBe('submitting');
    expect(state.photo).toBe('QUJD');
    expect(state.flags.photoCollected).toBe(true);
    state = run(state, { type: 'submitted' });
    expect(state.phase).toBe('done');
    expect(state.camera).toBe('closed');
  });

  it("a refusal shows the server's message with click-to-retry; retry tracks again", () => {
    let state = run(trackingLogin(), ...frames(9), { type: 'captured', photo: 'QUJD' });
    state = run(state, { type: 'refused', message: '未识别到人脸' });
    expect(state.phase).toBe('failed');
    expect(state.notice).toEqual({ kind: 'server', message: '未识别到人脸' });
    expect(state.flags.needsClickToStart).toBe(true);
    expect(state.retry).toBe('track');
    // A late success of the refused call cannot move it.
    expect(run(state, { type: 'submitted' })).toBe(state);
    state = run(state, { type: 'retry' });
    expect(state.phase).toBe('tracking');
    expect(state.photo).toBeNull();
    expect(state.flags.photoCollected).toBe(false);
  });

  it('a failed photo grab offers a retry', () => {
    const state = run(trackingLogin(), { type: 'take-photo' }, { type: 'capture-failed' });
    expect(state.phase).toBe('failed');
    expect(state.notice).toEqual({ kind: 'capture-failed' });
    expect(run(state, { type: 'retry' }).phase).toBe('tracking');
  });

  it('cancel closes the camera', () => {
    const state = run(trackingLogin(), { type: 'close' });
    expect(state.camera).toBe('closed');
    expect(state.phase).toBe('ready');
  });
});

describe('collect (spec §4)', () => {
  const saved = { faceImage: 'T0xE', registerTime: '2026-03-01 08:00:00' };

  function collectReady(withSaved: boolean, camera: 'insecure-origin' | null = null) {
    return run(start({ userId: '7' }), {
      type: 'initialised',
      camera,
      saved: withSaved ? saved : null,
    });
  }

  it('first photo: open camera, count down, take photo, save, which closes the camera', () => {
    let state = collectReady(false);
    expect(mayOpenCamera(state)).toBe(true);
    state = run(state, { type: 'open-camera' }, { type: 'camera-opened' });
    expect(state.phase).toBe('countdown');
    expect(mayTakePhoto(state)).toBe(true);
    state = run(state, { type: 'take-photo' }, { type: 'captured', photo: 'TkVX' });
    expect(state.phase).toBe('captured');
    expect(state.camera).toBe('open');
    expect(state.flags).toMatchObject({
      collected: true,
      photoCollected: true,
      hasGotPhoto: true,
      repeatPhotoChosen: false,
    });
    expect(maySave(state)).toBe(true);
    state = run(state, { type: 'save' });
    expect(state.phase).toBe('saving');
    expect(state.flags.collectLoading).toBe(true);
    expect(maySave(state)).toBe(false);
    state = run(state, {
      type: 'saved',
      saved: { faceImage: 'TkVX', registerTime: '2026-03-02 09:00:00' },
    });
    expect(state.phase).toBe('ready');
    expect(state.camera).toBe('closed');
    expect(state.fistSave).toBe(false);
    expect(state.saved?.registerTime).toBe('2026-03-02 09:00:00');
    expect(state.flags).toMatchObject({
      collectLoading: false,
      photoCollected: false,
      hasGotPhoto: true,
      collected: true,
    });
  });

  it('auto-captures in collect mode too, but only when a photo may be taken', () => {
    const state = run(
      collectReady(false),
      { type: 'open-camera' },
      { type: 'camera-opened' },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
      ...frames(9),
    );
    expect(state.phase).toBe('capturing');
  });

  it('with a photo already there, retake must be pressed first', () => {
    let state = collectReady(true);
    expect(mayTakePhoto(state)).toBe(false);
    expect(mayOpenCamera(state)).toBe(false);
    expect(run(state, { type: 'open-camera' })).toBe(state);
    state = run(state, { type: 'retake' });
    expect(state.flags.repeatPhotoChosen).toBe(true);
    expect(state.flags.collected).toBe(false);
    // Retake opens the camera when it can.
    expect(state.phase).toBe('opening');
    state = run(state, { type: 'camera-opened' }, { type: 'take-photo' });
    expect(state.phase).toBe('capturing');
    state = run(state, { type: 'captured', photo: 'TkVX' });
    expect(state.flags.repeatPhotoChosen).toBe(false);
    // Another photo needs another retake, which goes back to the countdown.
    state = run(state, { type: 'retake' });
    expect(state.phase).toBe('countdown');
    expect(state.photo).toBeNull();
    expect(state.flags.photoCollected).toBe(false);
  });

  it("a refused save shows the server's message; retry saves the same photo again", () => {
    let state = run(
      collectReady(false),
      { type: 'open-camera' },
      { type: 'camera-opened' },
      { type: 'take-photo' },
      { type: 'captured', photo: 'TkVX' },
      { type: 'save' },
      { type: 'refused', message: '未检测到人脸' },
    );
    expect(state.phase).toBe('failed');
    expect(state.flags.collectLoading).toBe(false);
    expect(state.retry).toBe('save');
    state = run(state, { type: 'retry' });
    expect(state.phase).toBe('saving');
    expect(state.photo).toBe('TkVX');
    expect(state.flags.collectLoading).toBe(true);
  });

  it('without a camera: upload a file, which marks the widget collected', () => {
    let state = collectReady(false, 'insecure-origin');
    state = run(state, { type: 'file-rejected', reason: 'size' });
    expect(state.notice).toEqual({ kind: 'file-rejected', reason: 'size' });
    state = run(state, { type: 'file-loaded', photo: 'RklMRQ==' });
    expect(state.phase).toBe('captured');
    expect(state.notice).toBeNull();
    expect(state.flags).toMatchObject({ collected: true, photoCollected: true, hasGotPhoto: true });
    expect(maySave(state)).toBe(true);
    // The uploaded photo stands until retake.
    expect(mayUploadFile(state)).toBe(false);
    state = run(state, { type: 'retake' });
    expect(state.phase).toBe('ready');
    expect(mayUploadFile(state)).toBe(true);
  });

  it('upload is only offered when no camera can be opened', () => {
    expect(mayUploadFile(collectReady(false))).toBe(false);
    const failed = run(collectReady(false), { type: 'open-camera' }, { type: 'camera-failed' });
    expect(mayUploadFile(failed)).toBe(true);
    expect(mayUploadFile(trackingLogin())).toBe(false);
  });

  it('close closes the camera and keeps an unsaved photo for saving', () => {
    const state = run(
      collectReady(false),
      { type: 'open-camera' },
      { type: 'camera-opened' },
      { type: 'take-photo' },
      { type: 'captured', photo: 'TkVX' },
      { type: 'close' },
    );
    expect(state.camera).toBe('closed');
    expect(state.phase).toBe('ready');
    expect(maySave(state)).toBe(true);
  });

  it('ignores events that do not fit the phase', () => {
    const ready = collectReady(false);
    for (const event of [
      { type: 'tick' },
      { type: 'camera-opened' },
      { type: 'captured', photo: 'x' },
      { type: 'save' },
      { type: 'saved', saved },
      { type: 'submitted' },
      { type: 'refused', message: 'x' },
      { type: 'retake' },
      { type: 'retry' },
    ] satisfies FaceEvent[]) {
      expect(run(ready, event), event.type).toBe(ready);
    }
  });
});
