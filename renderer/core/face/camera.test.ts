import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraUnavailable, CameraError, isCameraOrigin, openCamera } from './camera';

const media = { getUserMedia: () => Promise.reject(new Error('unused')) };

describe('where the camera is tried (spec §4: https or localhost)', () => {
  it('https anywhere, and loopback names over http', () => {
    expect(isCameraOrigin({ protocol: 'https:', hostname: 'school.example.cn' })).toBe(true);
    for (const hostname of ['localhost', 'area.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isCameraOrigin({ protocol: 'http:', hostname }), hostname).toBe(true);
    }
  });

  it('not over plain http elsewhere', () => {
    for (const hostname of ['school.example.cn', '192.168.1.10', 'localhost.example.com']) {
      expect(isCameraOrigin({ protocol: 'http:', hostname }), hostname).toBe(false);
    }
  });

  it('says why not: an insecure origin, or no media devices', () => {
    const secure = { protocol: 'https:', hostname: 'a.example' };
    expect(cameraUnavailable({ location: secure, mediaDevices: media })).toBeNull();
    expect(cameraUnavailable({ location: secure, mediaDevices: undefined })).toBe('unsupported');
    expect(
      cameraUnavailable({
        location: { protocol: 'http:', hostname: 'a.example' },
        mediaDevices: media,
      }),
    ).toBe('insecure-origin');
  });
});

function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

function fakeVideo(play: () => Promise<void> = () => Promise.resolve()) {
  const playSpy = vi.fn(play);
  const video = {
    muted: false,
    playsInline: false,
    srcObject: null,
    play: playSpy,
  } as unknown as HTMLVideoElement;
  return Object.assign(video, { playSpy });
}

describe('openCamera', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for video only, attaches the stream, waits 150 ms, then plays', async () => {
    vi.useFakeTimers();
    const { stream, track } = fakeStream();
    const getUserMedia = vi.fn(() => Promise.resolve(stream));
    const video = fakeVideo();
    const opening = openCamera(video, { mediaDevices: { getUserMedia } });
    await vi.advanceTimersByTimeAsync(149);
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ audio: false, video: expect.any(Object) as unknown }),
    );
    expect(video.srcObject).toBe(stream);
    expect(video.muted).toBe(true);
    expect(video.playSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const session = await opening;
    expect(video.playSpy).toHaveBeenCalledOnce();
    session.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });

  it('turns a refusal or a missing camera into a CameraError', async () => {
    const denied = openCamera(fakeVideo(), {
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('no', 'NotFoundError')),
      },
    });
    await expect(denied).rejects.toBeInstanceOf(CameraError);
    await expect(denied).rejects.toMatchObject({ reason: 'NotFoundError' });
    await expect(
      openCamera(fakeVideo(), { mediaDevices: {} as MediaDevices }),
    ).rejects.toMatchObject({ reason: 'NotSupportedError' });
  });

  it('releases the camera when play() fails', async () => {
    const { stream, track } = fakeStream();
    const video = fakeVideo(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await expect(
      openCamera(video, {
        mediaDevices: { getUserMedia: () => Promise.resolve(stream) },
        delayMs: 0,
      }),
    ).rejects.toMatchObject({ reason: 'NotAllowedError' });
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });
});
