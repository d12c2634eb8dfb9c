import { useTranslation } from 'react-i18next';
import type { VoiceState } from './voice-recorder';

export interface VoicePanelProps {
  state: VoiceState;
  onClose: () => void;
}

/** What the panel says for a state (also what the screen reader hears). */
export function statusKey(state: VoiceState): string {
  switch (state.phase) {
    case 'connecting':
      return 'voice.connecting';
    case 'recording':
      return 'voice.listening';
    case 'recognising':
      return 'voice.recognising';
    case 'result':
      return `voice.${state.outcome}`;
    default:
      return '';
  }
}

/**
 * The recorder's sheet (spec §2: a 60-second countdown, a close button and the transcript), at
 * the bottom of the screen above the voice button.
 */
export function VoicePanel({ state, onClose }: VoicePanelProps) {
  const { t } = useTranslation();
  if (state.phase === 'idle' || state.phase === 'pressing') return null;
  const transcript = 'transcript' in state ? state.transcript : '';
  const remaining = state.phase === 'recording' ? state.remaining : null;
  const key = statusKey(state);
  return (
    <section className={`voice-panel voice-panel--${state.phase}`} aria-label={t('voice.panel')}>
      <button
        type="button"
        className="voice-panel__close"
        aria-label={t('voice.close')}
        onClick={onClose}
      >
        ×
      </button>
      {remaining !== null && (
        <p
          className="voice-panel__countdown"
          aria-label={t('voice.countdownLabel', { seconds: remaining })}
        >
          {t('voice.countdown', { seconds: remaining })}
        </p>
      )}
      {state.phase === 'recording' && (
        <div className="voice-panel__wave" aria-hidden>
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
      )}
      <p
        className="voice-panel__status"
        aria-live="polite"
        role={state.phase === 'result' ? 'alert' : undefined}
      >
        {key === '' ? '' : t(key)}
      </p>
      {transcript !== '' && <p className="voice-panel__transcript">{transcript}</p>}
      {state.phase === 'recording' && <p className="voice-panel__release">{t('voice.release')}</p>}
    </section>
  );
}
