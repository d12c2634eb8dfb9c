import { describe, expect, it } from 'vitest';
import { NLS_FRAME_BYTES, NLS_NAMESPACE } from '../../../contract/nls';
import { PcmFramer, startTranscription, type SocketLike } from './nls-client';
import { toPcm16 } from './microphone';

class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: (string | ArrayBuffer)[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  event(name: string, payload: Record<string, unknown> = {}, status = 20000000) {
    const header = { name, status, task_id: 'a'.repeat(32), message_id: 'b'.repeat(32) };
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ header, payload }) }));
  }
  texts(): { header: Record<string, unknown>; payload?: Record<string, unknown> }[] {
    return this.sent
      .filter((item): item is string => typeof item === 'string')
      .map((item) => JSON.parse(item) as { header: Record<string, unknown> });
  }
}

const token = {
  token: 'abc def',
  url: 'ws://host/api/base/speech/ws/v1',
  appkey: 'k',
  expireTime: 0,
};

describe('the NLS client', () => {
  it('puts the token in the URL, starts with 16 kHz pcm and frames audio in 3,200 bytes', async () => {
    let socket: FakeSocket | null = null;
    const transcripts: string[] = [];
    const starting = startTranscription(
      token,
      (text) => transcripts.push(text),
      (url) => (socket = new FakeSocket(url)),
    );
    const fake = socket as unknown as FakeSocket;
    expect(fake.url).toBe('ws://host/api/base/speech/ws/v1?token=abc%20def');
    expect(fake.binaryType).toBe('arraybuffer');
    fake.open();
    const [start] = fake.texts();
    expect(start?.header).toMatchObject({
      name: 'StartTranscription',
      namespace: NLS_NAMESPACE,
      appkey: 'k',
    });
    expect(start?.header.message_id).toMatch(/^[0-9a-f]{32}$/);
    expect(start?.payload).toMatchObject({ format: 'pcm', sample_rate: 16000 });
    fake.event('TranscriptionStarted');
    const transcriber = await starting;

    transcriber.send(new ArrayBuffer(5000));
    transcriber.send(new ArrayBuffer(2000));
    const binary = () => fake.sent.filter((item) => item instanceof ArrayBuffer);
    expect(binary().map((frame) => frame.byteLength)).toEqual([3200, 3200]);

    fake.event('SentenceBegin', { index: 1 });
    fake.event('TranscriptionResultChanged', { index: 1, result: 'open' });
    const stopping = transcriber.stop();
    expect(binary().map((frame) => frame.byteLength)).toEqual([3200, 3200, 600]);
    const stop = fake.texts().at(-1);
    expect(stop?.header).toMatchObject({ name: 'StopTranscription' });
    expect(stop?.header.task_id).toBe(start?.header.task_id);
    fake.event('SentenceEnd', { index: 1, result: 'open notices.' });
    fake.event('TranscriptionCompleted');
    await expect(stopping).resolves.toBe('open notices.');
    expect(transcripts).toEqual(['open', 'open notices.']);
    expect(fake.closed).toBe(true);
  });

  it('rejects on TaskFailed, before or after the start', async () => {
    let socket: FakeSocket | null = null;
    const starting = startTranscription(
      token,
      () => undefined,
      (url) => (socket = new FakeSocket(url)),
    );
    const fake = socket as unknown as FakeSocket;
    fake.open();
    fake.event('TaskFailed', {}, 40000001);
    await expect(starting).rejects.toMatchObject({ status: 40000001 });

    const second = startTranscription(
      token,
      () => undefined,
      (url) => (socket = new FakeSocket(url)),
    );
    const other = socket as unknown as FakeSocket;
    other.open();
    other.event('TranscriptionStarted');
    const transcriber = await second;
    const stopping = transcriber.stop();
    other.event('TaskFailed', {}, 50000000);
    await expect(stopping).rejects.toMatchObject({ status: 50000000 });
  });

  it('frames PCM and converts float samples to 16-bit at 16 kHz', () => {
    const framer = new PcmFramer();
    expect(framer.push(new ArrayBuffer(NLS_FRAME_BYTES - 1))).toHaveLength(0);
    expect(framer.push(new ArrayBuffer(2))).toHaveLength(1);
    expect(framer.flush().map((frame) => frame.byteLength)).toEqual([1]);

    const pcm = new DataView(toPcm16(new Float32Array([0, 1, -1, 0.5]), 16000));
    expect([0, 1, 2, 3].map((index) => pcm.getInt16(index * 2, true))).toEqual([
      0, 32767, -32768, 16383,
    ]);
    // 48 kHz to 16 kHz: a third of the samples.
    expect(toPcm16(new Float32Array(4800), 48000).byteLength).toBe(3200);
  });
});
