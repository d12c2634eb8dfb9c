// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MicrophoneHandle } from '../../../contract/host';
import type { SpeechToken } from '../../../contract/speech';
import { i18n } from '../../core/i18n/instance';
import { mergeDictionary } from '../../core/i18n/load-language-files';
import { initI18n } from '../../core/i18n/init-i18n';
import { builtinZhCN } from '../../pages/builtin-locale';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';
import type { Transcriber } from './nls-client';
import type { VoiceDeps } from './voice-recorder';

/**
 * The platform's side of a recording (token, microphone, gateway, lookup, navigation), scripted
 * per test. jsdom has neither a microphone nor the gateway: the button, its panel and the real
 * recorder run against these; the pieces themselves have their own tests (nls-client, the
 * server's gateway, the e2e with Chromium's fake microphone).
 */
interface Platform {
  heard: string;
  tokenFails: boolean;
  url: string | null;
  microphonesOpened: number;
  microphonesStopped: number;
  looked: string[];
  navigated: string[];
}

const { platform, freshPlatform } = vi.hoisted(() => {
  /** Each test starts from this: a command that finds the notices, a working token. */
  const fresh = (): Platform => ({
    heard: 'open notices。',
    tokenFails: false,
    url: '/pages/notice/mobile_tzgg_spm/index.html',
    microphonesOpened: 0,
    microphonesStopped: 0,
    looked: [],
    navigated: [],
  });
  return { platform: fresh(), freshPlatform: fresh };
});

vi.mock('./voice-session', async () => {
  const { VoiceRecorder } = await import('./voice-recorder');
  const { VoicePanel } = await import('./voice-panel');
  const token: SpeechToken = { token: 't', url: 'ws://gateway/ws', appkey: 'k', expireTime: 0 };
  const deps: VoiceDeps = {
    fetchToken: () =>
      platform.tokenFails ? Promise.reject(new Error('503')) : Promise.resolve(token),
    openMicrophone: (onPcm) => {
      platform.microphonesOpened += 1;
      onPcm(new ArrayBuffer(3200));
      const handle: MicrophoneHandle = {
        stop: () => {
          platform.microphonesStopped += 1;
        },
      };
      return Promise.resolve(handle);
    },
    startTranscription: (_token, onTranscript) => {
      onTranscript('open');
      const transcriber: Transcriber = {
        send: () => undefined,
        stop: () => Promise.resolve(platform.heard),
        abort: () => undefined,
      };
      return Promise.resolve(transcriber);
    },
    lookup: (text) => {
      platform.looked.push(text);
      return Promise.resolve(platform.url);
    },
    navigate: (url) => {
      platform.navigated.push(url);
    },
  };
  return {
    VoicePanel,
    createVoiceRecorder: (
      _language: () => string,
      onChange: ConstructorParameters<typeof VoiceRecorder>[1],
    ) => new VoiceRecorder(deps, onChange),
  };
});

const { VoiceButton } = await import('./voice-button');

const MESSAGES = { 'zh-CN': zhCN.voice, 'zh-HK': zhHK.voice, en: en.voice } as const;
type Lang = keyof typeof MESSAGES;

beforeAll(async () => {
  await initI18n({ lang: 'en', builtin: builtinZhCN, bundled: { en } });
  mergeDictionary('zh-CN', zhCN);
  mergeDictionary('zh-HK', zhHK);
  // The recorder's chunk loads on the first press: loaded (and cached) before the fake clock.
  await import('./voice-session');
});

beforeEach(async () => {
  vi.useFakeTimers();
  Object.assign(platform, freshPlatform());
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderButton(lang: Lang = 'en') {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <VoiceButton />
    </I18nextProvider>,
  );
  return { ...view, texts: MESSAGES[lang], button: screen.getByRole('button', { name: /.+/ }) };
}

/** Lets timers and the promises they start run (lazy chunks, token, lookup). */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** testing-library's findBy* polls with real timers: with fake ones, settle and look. */
async function find(text: string): Promise<HTMLElement> {
  for (let round = 0; round < 20 && screen.queryByText(text) === null; round += 1) {
    await advance(0);
  }
  return screen.getByText(text);
}

async function findAlert(): Promise<HTMLElement> {
  for (let round = 0; round < 20 && screen.queryByRole('alert') === null; round += 1) {
    await advance(0);
  }
  return screen.getByRole('alert');
}

async function pressFor(button: HTMLElement, ms: number): Promise<void> {
  fireEvent.pointerDown(button, { pointerId: 1 });
  await advance(ms);
}

async function release(button: HTMLElement): Promise<void> {
  fireEvent.pointerUp(button, { pointerId: 1 });
  await advance(0);
}

const panel = () => screen.queryByRole('region', { name: 'Voice recognition' });

describe('the voice button', () => {
  it('a long press of 200 ms starts recording; a shorter one does not', async () => {
    const { button } = renderButton();
    expect(button.getAttribute('aria-label')).toBe('Voice command');
    await pressFor(button, 199);
    expect(panel()).toBeNull();
    expect(platform.microphonesOpened).toBe(0);
    await advance(1);
    expect(await find('Listening…')).toBeTruthy();
    expect(platform.microphonesOpened).toBe(1);
    await release(button);
  });

  it('releasing ends the recording: the text without its punctuation is looked up, then navigation', async () => {
    const { button } = renderButton();
    await pressFor(button, 300);
    await find('Listening…');
    await release(button);
    expect(platform.looked).toEqual(['open notices']);
    expect(platform.navigated).toEqual(['/pages/notice/mobile_tzgg_spm/index.html']);
    expect((await findAlert()).textContent).toBe('Opening…');
    expect(platform.microphonesStopped).toBe(platform.microphonesOpened);
  });

  it('a tap shows the hint for 3 s, announced to screen readers', async () => {
    const { button, container } = renderButton();
    await pressFor(button, 50);
    await release(button);
    expect(platform.microphonesOpened).toBe(0);
    const live = container.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('long press to enter voice recognition');
    await advance(2999);
    expect(live?.textContent).toBe('long press to enter voice recognition');
    await advance(1);
    expect(live?.textContent).toBe('');
    expect(screen.queryByText('long press to enter voice recognition', { selector: 'p' })).toBe(
      null,
    );
    // The button describes the long press to screen readers all along.
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('long press to enter voice recognition');
  });

  it('counts down from 60 and stops by itself at 0', async () => {
    const { button } = renderButton();
    await pressFor(button, 200);
    await find('Listening…');
    expect(screen.getByLabelText('60 seconds left').textContent).toBe('60 s');
    await advance(30_000);
    expect(screen.getByLabelText('30 seconds left').textContent).toBe('30 s');
    await advance(29_000);
    expect(screen.getByLabelText('1 seconds left').textContent).toBe('1 s');
    // At 0 the recording ends without a release: the lookup runs, the microphone is released.
    await advance(1_000);
    expect(screen.queryByText(/seconds left/)).toBeNull();
    expect(platform.looked).toEqual(['open notices']);
    expect(platform.microphonesStopped).toBe(1);
    await advance(5_000);
    expect(screen.queryByText('-1 s')).toBeNull();
    fireEvent.pointerUp(button, { pointerId: 1 });
  });

  it('the close button ends everything: no lookup, the microphone released', async () => {
    const { button } = renderButton();
    await pressFor(button, 250);
    await find('Listening…');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(0);
    expect(panel()).toBeNull();
    expect(platform.microphonesStopped).toBe(1);
    await release(button);
    await advance(2_000);
    expect(platform.looked).toEqual([]);
    expect(platform.navigated).toEqual([]);
  });

  it('the state resets 1 s after the result', async () => {
    platform.url = null;
    const { button } = renderButton();
    await pressFor(button, 200);
    await find('Listening…');
    await release(button);
    expect((await findAlert()).textContent).toBe(en.voice.oops);
    await advance(999);
    expect(panel()).not.toBeNull();
    await advance(1);
    expect(panel()).toBeNull();
    // Ready for the next command.
    await pressFor(button, 200);
    expect(await find('Listening…')).toBeTruthy();
    await release(button);
  });

  it('releases the microphone when the page goes away mid-recording', async () => {
    const { button, unmount } = renderButton();
    await pressFor(button, 200);
    await find('Listening…');
    unmount();
    await advance(0);
    expect(platform.microphonesStopped).toBe(1);
  });

  const outcomes = [
    { name: 'a URL found', key: 'opening', set: () => undefined },
    {
      name: 'nothing found',
      key: 'oops',
      set: () => {
        platform.url = null;
      },
    },
    {
      name: 'empty text',
      key: 'notCaught',
      set: () => {
        platform.heard = '。';
      },
    },
    {
      name: 'a token error',
      key: 'config',
      set: () => {
        platform.tokenFails = true;
      },
    },
  ] as const;

  for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
    for (const outcome of outcomes) {
      it(`${lang}: ${outcome.name} says its message, announced, the microphone released`, async () => {
        outcome.set();
        await act(async () => {
          await i18n.changeLanguage(lang);
        });
        const { button, texts } = renderButton(lang);
        expect(button.getAttribute('aria-label')).toBe(texts.button);
        await pressFor(button, 200);
        await release(button);
        await advance(0);
        const alert = await findAlert();
        expect(alert.textContent).toBe(texts[outcome.key]);
        expect(alert.getAttribute('aria-live')).toBe('polite');
        expect(platform.microphonesStopped).toBe(platform.microphonesOpened);
        expect(platform.navigated).toHaveLength(outcome.key === 'opening' ? 1 : 0);
        await advance(1_000);
        expect(panel()).toBeNull();
      });
    }
  }
});
