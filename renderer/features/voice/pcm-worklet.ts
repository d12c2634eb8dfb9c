/**
 * The AudioWorklet of the web recorder: hands each block of the microphone's samples to the
 * page (microphone.ts converts them to 16 kHz 16-bit PCM). Runs in the audio rendering thread.
 */
declare const registerProcessor: (name: string, processor: new () => AudioWorkletProcessor) => void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class PcmCapture extends AudioWorkletProcessor {
  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel && channel.length > 0) this.port.postMessage(channel.slice(0));
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
