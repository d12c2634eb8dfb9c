// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../contract/api-paths';
import type { FaceClockingData, FaceRecord } from '../../../contract/face';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { reply } from '../../../tests/support/route-server';
import type { CameraSession } from '../../core/face/camera';
import type { FaceBox, FaceDetector } from '../../core/face/face-detector';
import type { FaceEnv } from '../../core/face/face-env';
import type { CameraUnavailable, FileRejectionReason } from '../../core/face/face-machine';
import { FACE_MARKS } from '../../core/face/face-timing';
import { i18n } from '../../core/i18n/instance';
import { attachToastSink, type ToastRequest } from '../notify/notify';
import FaceWidgetDefault, { FaceWidget, type FaceWidgetProps } from './face-widget';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';

const server = featureTestSetup(en);
const { routes, received } = server;

const centred: FaceBox = { x: 217, y: 135, width: 198, height: 198 };
const PHOTO = 'UEhPVE8=';
const ok = (data: unknown) => ({ status: 200, message: 'ok', code: 'ok', data, fieldErrors: [] });

interface FakeOptions {
  camera?: CameraUnavailable | null;
  cameraFails?: boolean;
  /** What the detector sees on each frame. */
  faces?: () => FaceBox[];
  /** How long one detection takes (ms). */
  detectMs?: number;
  file?: { photo: string } | { rejected: FileRejectionReason };
}

/** A camera, detector and canvas for jsdom, which has none of them. */
function fakeEnv(options: FakeOptions = {}) {
  const session = { stream: {} as MediaStream, stop: vi.fn() } satisfies CameraSession;
  const detector = {
    where: 'fake',
    detect: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, options.detectMs ?? 2));
      return options.faces?.() ?? [centred];
    }),
    dispose: vi.fn(),
  } satisfies FaceDetector;
  const env = {
    cameraUnavailable: () => options.camera ?? null,
    openCamera: vi.fn(() =>
      options.cameraFails === true
        ? Promise.reject(new Error('NotFoundError'))
        : Promise.resolve(session),
    ),
    createDetector: () => detector,
    watchFrames: () => ({ next: () => Promise.resolve(), stop: () => undefined }),
    readFrame: () => ({ width: 640, height: 480, data: new Uint8ClampedArray(4) }),
    capturePhoto: vi.fn(() => PHOTO),
    readPhotoFile: vi.fn(() => Promise.resolve(options.file ?? { photo: PHOTO })),
    reload: vi.fn(),
    timeoutMs: 15_000,
  } satisfies FaceEnv;
  return { env, session, detector };
}

function show(props: FaceWidgetProps) {
  return render(
    <I18nextProvider i18n={i18n}>
      <FaceWidget {...props} />
    </I18nextProvider>,
  );
}

const status = () => screen.getByRole('status');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (name: string | RegExp) => (button(name) as HTMLButtonElement).disabled;

let toasts: ToastRequest[] = [];
let detach: () => void = () => undefined;

beforeEach(() => {
  toasts = [];
  detach = attachToastSink((toast) => toasts.push(toast));
});

afterEach(async () => {
  detach();
  cleanup();
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('FaceWidget: login (spec §2, §4, §7)', () => {
  it('initialises, opens the camera, captures the centred face by itself and reloads on 200', async () => {
    routes.set(`POST ${API.faceLogin}`, (_request, response) => {
      reply(response, 200, ok({ unitId: '1001' }));
    });
    const { env, session, detector } = fakeEnv();
    const onSuccess = vi.fn();
    const view = show({ mode: 'login', waitTime: 0, env, onSuccess });
    expect(status().textContent).toBe('正在初始化…');
    expect(status().getAttribute('aria-live')).toBe('polite');
    await waitFor(() => {
      expect(env.reload).toHaveBeenCalledOnce();
    });
    expect(onSuccess).toHaveBeenCalledOnce();
    // The reload is called as the 'submitted' state is dispatched; React renders that state
    // (the status, the closed camera) a moment later, later still on a busy machine: wait for it.
    await waitFor(() => {
      expect(view.container.querySelector('[data-face-phase="done"]')).toBeTruthy();
      expect(status().textContent).toBe('登录成功，正在刷新页面…');
      // Success closes the camera and the worker.
      expect(session.stop).toHaveBeenCalled();
      expect(detector.dispose).toHaveBeenCalled();
    });
    expect(env.openCamera).toHaveBeenCalledOnce();
    // More than 8 matching frames: at least 9 detections before the photo.
    expect(detector.detect.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(new URLSearchParams(received[0]?.body).get('faceImage')).toBe(PHOTO);
    // The benchmark's marks.
    expect(performance.getEntriesByName(FACE_MARKS.countdownEnd).length).toBeGreaterThan(0);
    expect(performance.getEntriesByName(FACE_MARKS.captured).length).toBeGreaterThan(0);
    expect(performance.getEntriesByName(FACE_MARKS.detect).length).toBeGreaterThanOrEqual(9);
    expect(toasts).toEqual([]);
  });

  it("shows the server's message with click-to-retry, and tries again on click", async () => {
    let calls = 0;
    routes.set(`POST ${API.faceLogin}`, (_request, response) => {
      calls += 1;
      if (calls === 1)
        reply(response, 200, {
          ...ok(null),
          status: 400,
          message: '未识别到人脸|||Face not recognised',
        });
      else reply(response, 200, ok(null));
    });
    const { env } = fakeEnv();
    show({ mode: 'login', waitTime: 0, env });
    await waitFor(() => {
      expect(status().textContent).toBe('未识别到人脸');
    });
    expect(toasts).toEqual([]);
    fireEvent.click(button('点击重试'));
    await waitFor(() => {
      expect(env.reload).toHaveBeenCalledOnce();
    });
    expect(calls).toBe(2);
  });

  it('counts down waitTime seconds, then tracks; 15 s without a capture asks for a click', async () => {
    vi.useFakeTimers();
    const { env } = fakeEnv({ faces: () => [], detectMs: 50 });
    show({ mode: 'login', waitTime: 3, env });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('timer').textContent).toBe('3');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('3 秒后开始检测');
    expect(status().textContent).toBe('请准备，倒计时结束后开始检测');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer').textContent).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer').textContent).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(status().textContent).toBe('请在15秒内正对标记区域2秒以上');
    await act(() => vi.advanceTimersByTimeAsync(14_900));
    expect(screen.queryByRole('button', { name: '点击重试' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(status().textContent).toBe('人脸检测超时，点击重试');
    fireEvent.click(button('点击重试'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(status().textContent).toBe('请在15秒内正对标记区域2秒以上');
  });

  it('shows the guide state by outline, icon and text, not colour alone; the preview is mirrored', async () => {
    let faces: FaceBox[] = [];
    const { env } = fakeEnv({ faces: () => faces });
    const view = show({ mode: 'login', waitTime: 0, autoCheck: false, env });
    await waitFor(() => {
      expect(screen.getByText('请将人脸放入框内')).toBeTruthy();
    });
    const guide = () => view.container.querySelector<HTMLElement>('[data-face-guide]');
    expect(guide()?.style.border).toContain('dashed');
    faces = [centred];
    await waitFor(() => {
      expect(screen.getByText('人脸已在框内，请保持不动')).toBeTruthy();
    });
    expect(guide()?.style.border).toContain('solid');
    const video = view.container.querySelector('video');
    expect(video?.style.transform).toBe('scaleX(-1)');
    expect(video?.getAttribute('aria-label')).toBe('摄像头实时画面');
    const photo = view.container.querySelector('canvas');
    expect(photo?.getAttribute('aria-label')).toBe('拍摄的照片');
    expect(photo?.style.transform).toBe('');
    // autoCheck off: nothing is captured by itself.
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(env.capturePhoto).not.toHaveBeenCalled();
  });

  it('cancel closes the camera and tells the parent', async () => {
    const { env, session } = fakeEnv({ faces: () => [] });
    const onCancel = vi.fn();
    show({ mode: 'login', waitTime: 0, env, onCancel });
    await waitFor(() => {
      expect(isDisabled('登录')).toBe(false);
    });
    fireEvent.click(button('取消'));
    expect(onCancel).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(session.stop).toHaveBeenCalled();
    });
    expect(isDisabled('登录')).toBe(true);
  });

  it('says there is no camera when it cannot be opened, and keeps the login button off', async () => {
    const { env } = fakeEnv({ cameraFails: true });
    show({ mode: 'login', env });
    await waitFor(() => {
      expect(status().textContent).toBe('当前设备未检测到摄像头设备');
    });
    expect(isDisabled('登录')).toBe(true);

    cleanup();
    const insecure = fakeEnv({ camera: 'insecure-origin' });
    show({ mode: 'login', env: insecure.env });
    await waitFor(() => {
      expect(status().textContent).toBe('摄像头只能在 https 或 localhost 下使用');
    });
    expect(insecure.env.openCamera).not.toHaveBeenCalled();
  });

  it('releases the camera and the worker when unmounted', async () => {
    const { env, session, detector } = fakeEnv({ faces: () => [] });
    const view = show({ mode: 'login', waitTime: 0, env });
    await waitFor(() => {
      expect(detector.detect).toHaveBeenCalled();
    });
    view.unmount();
    expect(session.stop).toHaveBeenCalled();
    expect(detector.dispose).toHaveBeenCalled();
  });
});

describe('FaceWidget: clock-in (orther)', () => {
  it('its button reads OK; a press captures and hands the user info to the parent', async () => {
    const user: FaceClockingData = {
      userId: '7',
      userName: 'teacher01',
      realName: '张老师',
      unitId: '1001',
      clockTime: '2026-03-01 08:00:00',
    };
    routes.set(`POST ${API.faceClocking}`, (_request, response) => {
      reply(response, 200, ok(user));
    });
    await act(() => i18n.changeLanguage('en'));
    const { env } = fakeEnv({ faces: () => [] });
    const onUserInfo = vi.fn();
    show({ type: 'orther', autoCheck: false, waitTime: 0, env, onUserInfo });
    expect(screen.getByRole('region', { name: 'Face clock-in' })).toBeTruthy();
    await waitFor(() => {
      expect(isDisabled('OK')).toBe(false);
    });
    expect(button('Cancel')).toBeTruthy();
    fireEvent.click(button('OK'));
    await waitFor(() => {
      expect(onUserInfo).toHaveBeenCalledWith(user);
    });
    // The callback runs as the 'submitted' state is dispatched; its render comes after.
    await waitFor(() => {
      expect(status().textContent).toBe('Clock-in recorded');
    });
    expect(env.reload).not.toHaveBeenCalled();
  });
});

describe('FaceWidget: collect (spec §2, §4, §5)', () => {
  const saved: FaceRecord = {
    faceImage: 'T0xE',
    registerTime: '2026-03-01 08:00:00',
    userId: '7',
  };

  it('shows the saved photo and its time; retake first, then take, save: notice, success, camera off', async () => {
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(saved));
    });
    routes.set(`POST ${API.faceCheck}`, (_request, response) => {
      reply(response, 200, ok({ registerTime: '2026-03-02 09:30:00' }));
    });
    const { env, session } = fakeEnv({ faces: () => [] });
    const onSuccess = vi.fn();
    show({ userId: '7', waitTime: 0, env, onSuccess });
    const photo = await screen.findByRole('img', { name: '上次保存的人脸照片' });
    expect(photo.getAttribute('src')).toBe('data:image/jpeg;base64,T0xE');
    expect(screen.getByText('采集时间：2026-03-01 08:00:00')).toBeTruthy();
    expect(received[0]?.query.get('userId')).toBe('7');
    expect(status().textContent).toBe('已有照片，如需更换请先点击重拍');
    expect(isDisabled('拍照')).toBe(true);
    expect(isDisabled('打开摄像头')).toBe(true);
    expect(isDisabled('保存')).toBe(true);
    // No upload while a camera can be opened.
    expect(screen.queryByRole('button', { name: '上传照片' })).toBeNull();

    fireEvent.click(button('重拍'));
    await waitFor(() => {
      expect(isDisabled('拍照')).toBe(false);
    });
    expect(env.openCamera).toHaveBeenCalledOnce();
    fireEvent.click(button('拍照'));
    await waitFor(() => {
      expect(status().textContent).toBe('已拍照，可以保存或重拍');
    });
    expect(screen.getByRole('img', { name: '拍摄的照片' })).toBeTruthy();
    fireEvent.click(button('保存'));
    await waitFor(() => {
      expect(onSuccess).toHaveBeenCalledWith({
        faceImage: PHOTO,
        registerTime: '2026-03-02 09:30:00',
        userId: '7',
      });
    });
    const body = new URLSearchParams(received.find((call) => call.path === API.faceCheck)?.body);
    expect(body.get('faceImage')).toBe(PHOTO);
    expect(body.get('userId')).toBe('7');
    expect(toasts).toEqual([
      expect.objectContaining({ type: 'success', title: '提示', description: '人脸采集完成' }),
    ]);
    // onSuccess is called as the 'saved' state is dispatched; React renders that state (the new
    // time, the closed camera) a moment later, later still on a busy machine: wait for it.
    await waitFor(() => {
      expect(session.stop).toHaveBeenCalled();
      expect(screen.getByText('采集时间：2026-03-02 09:30:00')).toBeTruthy();
    });
  });

  it("a refused save shows the server's message; click to retry saves again", async () => {
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
    let calls = 0;
    routes.set(`POST ${API.faceCheck}`, (_request, response) => {
      calls += 1;
      if (calls === 1)
        reply(response, 500, { ...ok(null), status: 500, message: '保存失败|||Save failed' });
      else reply(response, 200, ok(null));
    });
    const { env } = fakeEnv();
    const onSuccess = vi.fn();
    show({ userId: '7', waitTime: 0, env, onSuccess });
    expect(await screen.findByText('尚未采集照片')).toBeTruthy();
    await waitFor(() => {
      expect(isDisabled('打开摄像头')).toBe(false);
    });
    fireEvent.click(button('打开摄像头'));
    // Auto-capture works in collect mode too.
    await waitFor(() => {
      expect(isDisabled('保存')).toBe(false);
    });
    fireEvent.click(button('保存'));
    await waitFor(() => {
      expect(status().textContent).toBe('保存失败');
    });
    fireEvent.click(button('点击重试'));
    await waitFor(() => {
      expect(onSuccess).toHaveBeenCalledOnce();
    });
    expect(calls).toBe(2);
  });

  it('a failed load of the saved photo shows the message; click to retry loads it again', async () => {
    let calls = 0;
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      calls += 1;
      if (calls === 1)
        reply(response, 500, { ...ok(null), status: 500, message: '服务器繁忙|||Busy' });
      else reply(response, 200, ok(saved));
    });
    const { env } = fakeEnv();
    show({ userId: '7', env });
    await waitFor(() => {
      expect(status().textContent).toBe('服务器繁忙');
    });
    fireEvent.click(button('点击重试'));
    expect(await screen.findByText('采集时间：2026-03-01 08:00:00')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("raises 'userId is not find' without a userId and calls nothing", async () => {
    const { env } = fakeEnv();
    const onError = vi.fn();
    show({ env, onError });
    await waitFor(() => {
      expect(status().textContent).toBe('userId is not find');
    });
    expect(onError).toHaveBeenCalledWith(new Error('userId is not find'));
    expect(received).toEqual([]);
    expect(env.openCamera).not.toHaveBeenCalled();
  });

  it('without a camera offers the upload: a good file is collected, a bad one is refused', async () => {
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
    const options: FakeOptions = { camera: 'insecure-origin', file: { rejected: 'size' } };
    const { env } = fakeEnv(options);
    const view = show({ userId: '7', env });
    await waitFor(() => {
      expect(isDisabled('上传照片')).toBe(false);
    });
    expect(isDisabled('打开摄像头')).toBe(true);
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/bmp');
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => {
      expect(status().textContent).toBe('图片不能超过 2 MB');
    });
    options.file = { photo: PHOTO };
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => {
      expect(status().textContent).toBe('已拍照，可以保存或重拍');
    });
    expect(env.readPhotoFile).toHaveBeenCalledWith(file, expect.anything(), {
      width: 480,
      height: 480,
    });
    expect(isDisabled('保存')).toBe(false);
    expect(isDisabled('上传照片')).toBe(true);
  });

  it('close closes the camera and tells the parent', async () => {
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
    const { env, session } = fakeEnv({ faces: () => [] });
    const onClose = vi.fn();
    show({ userId: '7', waitTime: 0, env, onClose });
    await waitFor(() => {
      expect(isDisabled('打开摄像头')).toBe(false);
    });
    fireEvent.click(button('打开摄像头'));
    await waitFor(() => {
      expect(isDisabled('拍照')).toBe(false);
    });
    fireEvent.click(button('关闭'));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(session.stop).toHaveBeenCalled();
    });
  });
});

describe('FaceWidget texts', () => {
  it('has a default export for React.lazy', () => {
    expect(FaceWidgetDefault).toBe(FaceWidget);
  });

  it("every message in zh-CN, zh-HK and en, with the spec's 'userId is not find'", () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) =>
            keys(child, prefix ? `${prefix}.${key}` : key),
          )
        : [prefix];
    expect(keys(zhHK).sort()).toEqual(keys(zhCN).sort());
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
    for (const locale of [zhCN, zhHK, en]) {
      expect(Object.keys(locale)).toEqual(['face']);
      expect(locale.face.status.userIdMissing).toBe('userId is not find');
    }
    expect(en.face.action.ok).toBe('OK');
    expect(en.face.notice.title).toBe('notice');
    expect(en.face.status.noCamera).toBe('No camera device detected on this device');
  });
});
