import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stripTrailingPunctuation, type SpeechToken } from '../../../contract/speech';
import type { Transcriber } from './nls-client';
import { VoiceRecorder, type VoiceDeps, type VoiceState } from './voice-recorder';

const TOKEN: SpeechToken = { token: 't', url: 'ws://x/ws', appkey: 'k', expireTime: 0 };

interface Fakes {
  deps: VoiceDeps;
  states: VoiceState[];
  micStops: number;
  aborts: number;
  sent: number;
  navigated: string[];
  heard: string;
  looked: string[];
  recorder: VoiceRecorder;
}

function setup(overrides: Partial<VoiceDeps> = {}, heard = 'open notices。'): Fakes {
  const fakes = {
    states: [] as VoiceState[],
    micStops: 0,
    aborts: 0,
    sent: 0,
    navigated: [] as string[],
    heard,
    looked: [] as string[],
  } as Fakes;
  const transcriber: Transcriber = {
    send: () => {
      fakes.sent += 1;
    },
    stop: () => Promise.resolve(fakes.heard),
    abort: () => {
      fakes.aborts += 1;
    },
  };
  fakes.deps = {
    fetchToken: () => Promise.resolve(TOKEN),
    openMicrophone: (onPcm) => {
      onPcm(new ArrayBuffer(4));
      return Promise.resolve({
        stop: () => {
          fakes.micStops += 1;
        },
      });
    },
    startTranscription: (_token, onTranscript) => {
      onTranscript('open');
      return Promise.resolve(transcriber);
    },
    lookup: (text) => {
      fakes.looked.push(text);
      return Promise.resolve(text === 'open notices' ? '/pages/notice/x/index.html' : null);
    },
    navigate: (url) => {
      fakes.navigated.push(url);
    },
    ...overrides,
  };
  fakes.recorder = new VoiceRecorder(fakes.deps, (state) => fakes.states.push(state));
  return fakes;
}

const phase = (fakes: Fakes) => fakes.recorder.current.phase;

describe('the voice recorder', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts only after a 200 ms long press; a shorter press is a tap', async () => {
    const fakes = setup();
    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(199);
    expect(phase(fakes)).toBe('pressing');
    expect(fakes.recorder.release()).toBe('tap');
    expect(phase(fakes)).toBe('idle');
    await vi.advanceTimersByTimeAsync(1000);
    expect(phase(fakes)).toBe('idle');

    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    expect(fakes.recorder.current).toMatchObject({ phase: 'recording', remaining: 60 });
    expect(fakes.sent).toBe(1);
  });

  it('counts down from 60 and stops by itself at 0, then looks the text up and navigates', async () => {
    const fakes = setup();
    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fakes.recorder.current).toMatchObject({ phase: 'recording', remaining: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fakes.states.some((state) => state.phase === 'recording' && state.remaining === 0)).toBe(
      true,
    );
    expect(fakes.recorder.current).toMatchObject({ phase: 'result', outcome: 'opening' });
    expect(fakes.looked).toEqual(['open notices']);
    expect(fakes.navigated).toEqual(['/pages/notice/x/index.html']);
    expect(fakes.micStops).toBeGreaterThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(phase(fakes)).toBe('result');
    await vi.advanceTimersByTimeAsync(1);
    expect(phase(fakes)).toBe('idle');
  });

  it('ends on release: unknown text gives oops, empty text gives not caught', async () => {
    const unknown = setup({}, 'what is the weather?');
    unknown.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    unknown.recorder.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(unknown.recorder.current).toMatchObject({ phase: 'result', outcome: 'oops' });
    expect(unknown.looked).toEqual(['what is the weather']);

    const silent = setup({}, '  。');
    silent.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    silent.recorder.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(silent.recorder.current).toMatchObject({ phase: 'result', outcome: 'notCaught' });
    expect(silent.looked).toEqual([]);
    expect(silent.micStops).toBeGreaterThanOrEqual(1);
  });

  it('a token error or a failed gateway says check the configuration, microphone released', async () => {
    const noToken = setup({ fetchToken: () => Promise.reject(new Error('503')) });
    noToken.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    expect(noToken.recorder.current).toMatchObject({ phase: 'result', outcome: 'config' });

    const failing = setup({ startTranscription: () => Promise.reject(new Error('TaskFailed')) });
    failing.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    expect(failing.recorder.current).toMatchObject({ phase: 'result', outcome: 'config' });
    expect(failing.micStops).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(phase(failing)).toBe('idle');
  });

  it('a release while connecting ends the recording as soon as it starts', async () => {
    let resolveToken: (token: SpeechToken) => void = () => undefined;
    const fakes = setup({
      fetchToken: () =>
        new Promise((resolve) => {
          resolveToken = resolve;
        }),
    });
    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    expect(phase(fakes)).toBe('connecting');
    expect(fakes.recorder.release()).toBe('stop');
    resolveToken(TOKEN);
    await vi.advanceTimersByTimeAsync(0);
    expect(fakes.recorder.current).toMatchObject({ phase: 'result', outcome: 'opening' });
  });

  it('the close button releases the microphone and the gateway and looks nothing up', async () => {
    const fakes = setup();
    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    fakes.recorder.close();
    expect(phase(fakes)).toBe('idle');
    expect(fakes.micStops).toBe(1);
    expect(fakes.aborts).toBe(1);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(fakes.looked).toEqual([]);
    expect(phase(fakes)).toBe('idle');
  });

  it('a microphone opened after close is released at once', async () => {
    let resolveMic: (handle: { stop: () => void }) => void = () => undefined;
    let stops = 0;
    const fakes = setup({
      openMicrophone: () =>
        new Promise((resolve) => {
          resolveMic = resolve;
        }),
    });
    fakes.recorder.press();
    await vi.advanceTimersByTimeAsync(200);
    fakes.recorder.close();
    resolveMic({
      stop: () => {
        stops += 1;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stops).toBe(1);
    expect(phase(fakes)).toBe('idle');
  });
});

describe('trailing punctuation', () => {
  it('is removed, in Chinese and English', () => {
    expect(stripTrailingPunctuation('打开通知。')).toBe('打开通知');
    expect(stripTrailingPunctuation('Open notices!?')).toBe('Open notices');
    expect(stripTrailingPunctuation('1.5')).toBe('1.5');
    expect(stripTrailingPunctuation('……')).toBe('');
  });
});
