import type { MicrophoneHandle } from '../../../contract/host';
import { NLS_SAMPLE_RATE } from '../../../contract/nls';
import workletUrl from './pcm-worklet.ts?worker&url';

/** Float samples (-1..1) to 16-bit little-endian PCM, resampled to 16 kHz when needed. */
export function toPcm16(samples: Float32Array, fromRate: number): ArrayBuffer {
  const ratio = fromRate / NLS_SAMPLE_RATE;
  const length = Math.floor(samples.length / ratio);
  const out = new DataView(new ArrayBuffer(length * 2));
  for (let index = 0; index < length; index += 1) {
    // Averaging the samples each output sample covers (a box filter against aliasing).
    const start = Math.floor(index * ratio);
    const end = Math.max(start + 1, Math.floor((index + 1) * ratio));
    let sum = 0;
    for (let at = start; at < end && at < samples.length; at += 1) sum += samples[at] ?? 0;
    const value = Math.max(-1, Math.min(1, sum / (end - start)));
    out.setInt16(index * 2, value < 0 ? value * 0x8000 : value * 0x7fff, true);
  }
  return out.buffer;
}

/**
 * The web's recorder: getUserMedia and an AudioContext (at 16 kHz where the browser allows it,
 * else resampled) with an AudioWorklet, 16-bit PCM chunks to `onPcm`. stop() ends every track:
 * the microphone is released (the browser's recording indicator goes off).
 */
export async function openWebMicrophone(
  onPcm: (chunk: ArrayBuffer) => void,
): Promise<MicrophoneHandle> {
  const stream = await navigator.mediaDevices.getUserMedia({
    // The recogniser wants the voice as spoken: no echo cancelling, suppression or gain riding.
    audio: {
      channelCount: 1,
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    },
  });
  let context: AudioContext | null = null;
  const releaseStream = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  try {
    try {
      context = new AudioContext({ sampleRate: NLS_SAMPLE_RATE });
    } catch {
      context = new AudioContext();
    }
    await context.audioWorklet.addModule(workletUrl);
    const rate = context.sampleRate;
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
    });
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
      onPcm(toPcm16(event.data, rate));
    };
    source.connect(capture);
    const opened = context;
    let stopped = false;
    return {
      stop() {
        if (stopped) return;
        stopped = true;
        capture.port.onmessage = null;
        source.disconnect();
        releaseStream();
        void opened.close().catch(() => undefined);
      },
    };
  } catch (error) {
    // Nothing half-open stays behind: the microphone is released on this path too.
    releaseStream();
    void context?.close().catch(() => undefined);
    throw error;
  }
}
