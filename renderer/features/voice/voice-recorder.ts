import type { MicrophoneHandle } from '../../../contract/host';
import type { SpeechToken } from '../../../contract/speech';
import { stripTrailingPunctuation } from '../../../contract/speech';
import type { Transcriber } from './nls-client';
import { LONG_PRESS_MS, MAX_RECORDING_SECONDS, RESET_AFTER_MS } from './voice-constants';

/** The spec §8 voice messages, plus the one for a microphone that cannot be opened. */
export type VoiceOutcome = 'opening' | 'oops' | 'notCaught' | 'config' | 'noMicrophone';

export type VoiceState =
  | { phase: 'idle' }
  | { phase: 'pressing' }
  | { phase: 'connecting' }
  | { phase: 'recording'; remaining: number; transcript: string }
  | { phase: 'recognising'; transcript: string }
  | { phase: 'result'; outcome: VoiceOutcome; transcript: string };

export interface VoiceDeps {
  fetchToken(): Promise<SpeechToken>;
  openMicrophone(onPcm: (chunk: ArrayBuffer) => void): Promise<MicrophoneHandle>;
  startTranscription(
    token: SpeechToken,
    onTranscript: (text: string) => void,
  ): Promise<Transcriber>;
  /** The application URL for the text, or null. */
  lookup(text: string): Promise<string | null>;
  navigate(url: string): void;
}

class Cancelled extends Error {}
class ConfigError extends Error {}
class MicrophoneError extends Error {}

/**
 * The voice recorder's state machine (spec §4): idle, a 200 ms long press, a token, recording
 * for at most 60 s (the countdown stops by itself at 0), the result; the state resets 1 s after
 * the result. Every path, the close button included, releases the microphone and the gateway.
 */
export class VoiceRecorder {
  private state: VoiceState = { phase: 'idle' };
  private pressTimer: ReturnType<typeof setTimeout> | undefined;
  private tick: ReturnType<typeof setInterval> | undefined;
  private resetTimer: ReturnType<typeof setTimeout> | undefined;
  private microphone: MicrophoneHandle | null = null;
  private transcriber: Transcriber | null = null;
  /** Incremented by every new attempt and by close(): late answers of an old one are dropped. */
  private attempt = 0;
  private releaseRequested = false;
  private transcript = '';

  constructor(
    private readonly deps: VoiceDeps,
    private readonly onChange: (state: VoiceState) => void,
  ) {}

  get current(): VoiceState {
    return this.state;
  }

  /** The button went down. `heldMs`: how long it has been down already (lazy loading). */
  press(heldMs = 0): void {
    if (this.state.phase !== 'idle') return;
    this.set({ phase: 'pressing' });
    this.pressTimer = setTimeout(
      () => {
        void this.begin();
      },
      Math.max(0, LONG_PRESS_MS - heldMs),
    );
  }

  /** The button came up: a short press does nothing ('tap'), a long one ends the recording. */
  release(): 'tap' | 'stop' | 'none' {
    if (this.state.phase === 'pressing') {
      clearTimeout(this.pressTimer);
      this.set({ phase: 'idle' });
      return 'tap';
    }
    if (this.state.phase === 'connecting') {
      this.releaseRequested = true;
      return 'stop';
    }
    if (this.state.phase === 'recording') {
      void this.finish(this.attempt);
      return 'stop';
    }
    return 'none';
  }

  /** The close button (or the page going away): everything stops, nothing is looked up. */
  close(): void {
    this.attempt += 1;
    clearTimeout(this.pressTimer);
    clearTimeout(this.resetTimer);
    this.release_();
    this.set({ phase: 'idle' });
  }

  private async begin(): Promise<void> {
    const attempt = ++this.attempt;
    this.releaseRequested = false;
    this.transcript = '';
    this.set({ phase: 'connecting' });
    try {
      const token = await this.deps.fetchToken().catch(() => {
        throw new ConfigError();
      });
      this.check(attempt);
      const early: ArrayBuffer[] = [];
      this.microphone = await this.deps
        .openMicrophone((chunk) => {
          if (this.transcriber) this.transcriber.send(chunk);
          else early.push(chunk);
        })
        .catch(() => {
          throw new MicrophoneError();
        });
      this.check(attempt);
      this.transcriber = await this.deps
        .startTranscription(token, (text) => {
          if (attempt !== this.attempt) return;
          this.transcript = text;
          if (this.state.phase === 'recording' || this.state.phase === 'recognising') {
            this.set({ ...this.state, transcript: text });
          }
        })
        .catch(() => {
          throw new ConfigError();
        });
      this.check(attempt);
      for (const chunk of early.splice(0)) this.transcriber.send(chunk);
      this.set({
        phase: 'recording',
        remaining: MAX_RECORDING_SECONDS,
        transcript: this.transcript,
      });
      this.tick = setInterval(() => {
        if (this.state.phase !== 'recording') return;
        const remaining = this.state.remaining - 1;
        this.set({ ...this.state, remaining: Math.max(0, remaining) });
        if (remaining <= 0) void this.finish(attempt);
      }, 1000);
      if (this.wasReleased()) await this.finish(attempt);
    } catch (error) {
      if (error instanceof Cancelled) return;
      this.result(attempt, error instanceof MicrophoneError ? 'noMicrophone' : 'config');
    }
  }

  private async finish(attempt: number): Promise<void> {
    if (attempt !== this.attempt || this.state.phase !== 'recording') return;
    clearInterval(this.tick);
    this.microphone?.stop();
    this.microphone = null;
    this.set({ phase: 'recognising', transcript: this.transcript });
    const transcriber = this.transcriber;
    let text: string;
    try {
      text = transcriber ? await transcriber.stop() : '';
    } catch {
      this.result(attempt, 'config');
      return;
    }
    if (attempt !== this.attempt) return;
    this.transcriber = null;
    const said = stripTrailingPunctuation(text.trim());
    this.transcript = said;
    if (said === '') {
      this.result(attempt, 'notCaught');
      return;
    }
    let url: string | null;
    try {
      url = await this.deps.lookup(said);
    } catch {
      url = null;
    }
    if (attempt !== this.attempt) return;
    if (url === null) {
      this.result(attempt, 'oops');
      return;
    }
    this.result(attempt, 'opening');
    this.deps.navigate(url);
  }

  private result(attempt: number, outcome: VoiceOutcome): void {
    if (attempt !== this.attempt) return;
    this.release_();
    this.set({ phase: 'result', outcome, transcript: this.transcript });
    this.resetTimer = setTimeout(() => {
      if (attempt === this.attempt) this.set({ phase: 'idle' });
    }, RESET_AFTER_MS);
  }

  /** Releases the microphone and the gateway connection. */
  private release_(): void {
    clearInterval(this.tick);
    this.microphone?.stop();
    this.microphone = null;
    this.transcriber?.abort();
    this.transcriber = null;
  }

  /** Read through a method: the button may come up while the recording is being set up. */
  private wasReleased(): boolean {
    return this.releaseRequested;
  }

  private check(attempt: number): void {
    if (attempt !== this.attempt) {
      this.release_();
      throw new Cancelled();
    }
  }

  private set(state: VoiceState): void {
    this.state = state;
    this.onChange(state);
  }
}
