import { AudioOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HINT_MS } from './voice-constants';
import { lazyWidget } from '../../ui/lazy-part';
import type * as VoiceSession from './voice-session';
import type { VoiceRecorder, VoiceState } from './voice-recorder';
import './voice.css';

type SessionModule = typeof VoiceSession;

let sessionModule: Promise<SessionModule> | null = null;
/** The recorder, its gateway client and its panel load on first use (a separate chunk). */
function loadSession(): Promise<SessionModule> {
  sessionModule ??= import('./voice-session');
  return sessionModule;
}

const VoicePanel = lazyWidget(async () => (await loadSession()).VoicePanel);

const IDLE: VoiceState = { phase: 'idle' };

/**
 * The voice command button of the mobile desktop (spec §2, §4): long-press (200 ms) to record,
 * release to finish; a tap shows the hint 'long press to enter voice recognition' for 3 s. The
 * state and every message are announced to screen readers; the keyboard works too (hold Space
 * or Enter).
 */
export function VoiceButton() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<VoiceState>(IDLE);
  const [hint, setHint] = useState(false);
  const recorder = useRef<VoiceRecorder | null>(null);
  const pressedAt = useRef<number | null>(null);
  const hintTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const language = useRef(i18n.language);
  useEffect(() => {
    language.current = i18n.language;
  }, [i18n.language]);

  useEffect(
    () => () => {
      clearTimeout(hintTimer.current);
      // Leaving the page releases the microphone.
      recorder.current?.close();
    },
    [],
  );

  function showHint(): void {
    setHint(true);
    clearTimeout(hintTimer.current);
    hintTimer.current = setTimeout(() => {
      setHint(false);
    }, HINT_MS);
  }

  function press(): void {
    if (pressedAt.current !== null) return;
    pressedAt.current = performance.now();
    const since = pressedAt.current;
    void loadSession().then((session) => {
      recorder.current ??= session.createVoiceRecorder(() => language.current, setState);
      // Still held: the long press counts from the moment the button went down.
      if (pressedAt.current === since) recorder.current.press(performance.now() - since);
    });
  }

  function release(): void {
    const since = pressedAt.current;
    pressedAt.current = null;
    if (since === null) return;
    const outcome = recorder.current?.release() ?? 'tap';
    if (outcome === 'tap') showHint();
  }

  function onKeyDown(event: KeyboardEvent): void {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      press();
    }
  }

  function onKeyUp(event: KeyboardEvent): void {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      release();
    }
  }

  const active = state.phase !== 'idle' && state.phase !== 'pressing';
  return (
    <div className="voice">
      {active && (
        <VoicePanel
          state={state}
          onClose={() => {
            pressedAt.current = null;
            recorder.current?.close();
          }}
        />
      )}
      <div className="voice__live" aria-live="polite">
        {hint ? t('voice.hint') : ''}
      </div>
      {hint && (
        <p className="voice__hint" aria-hidden>
          {t('voice.hint')}
        </p>
      )}
      <div className="voice__dock">
        <button
          type="button"
          className={`voice__button${state.phase === 'recording' ? ' voice__button--recording' : ''}`}
          aria-label={t('voice.button')}
          aria-describedby="voice-hint-text"
          onPointerDown={(event) => {
            // Keeps the release on this button even when the finger slides off it.
            if (typeof event.currentTarget.setPointerCapture === 'function') {
              event.currentTarget.setPointerCapture(event.pointerId);
            }
            press();
          }}
          onPointerUp={release}
          onPointerCancel={release}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onContextMenu={(event) => {
            event.preventDefault();
          }}
        >
          <AudioOutlined aria-hidden />
        </button>
      </div>
      <span id="voice-hint-text" className="visually-hidden">
        {t('voice.hint')}
      </span>
    </div>
  );
}
