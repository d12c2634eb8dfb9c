import { describe, expect, it } from 'vitest';
import type { FrameData } from './face-detector';
import type { DetectReply, DetectRequest } from './face-tracker-protocol';
import { WorkerFaceDetector } from './face-tracker';

/** A stand-in for the detection worker: records what it is sent, answers on demand. */
class FakeWorker {
  onmessage: ((event: MessageEvent<DetectReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: { request: DetectRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  postMessage(request: DetectRequest, transfer: Transferable[]) {
    this.sent.push({ request, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: DetectReply) {
    this.onmessage?.({ data: message } as MessageEvent<DetectReply>);
  }
  crash() {
    this.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
  }
}

const frame = (): FrameData => ({ width: 4, height: 2, data: new Uint8ClampedArray(32) });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function detectorWithFake() {
  const worker = new FakeWorker();
  const detector = new WorkerFaceDetector(() => worker as unknown as Worker);
  return { worker, detector };
}

describe('the worker detector client', () => {
  it("transfers the frame's pixels to the worker and resolves with its faces", async () => {
    const { worker, detector } = detectorWithFake();
    expect(detector.where).toBe('worker');
    const image = frame();
    const pending = detector.detect(image);
    await flush();
    const [sent] = worker.sent;
    if (!sent) throw new Error('nothing sent');
    expect(sent.request).toMatchObject({ type: 'detect', width: 4, height: 2 });
    expect(sent.transfer).toEqual([image.data.buffer]);
    const faces = [{ x: 1, y: 1, width: 2, height: 2 }];
    worker.reply({ type: 'faces', id: sent.request.id, faces, ms: 3 });
    await expect(pending).resolves.toEqual(faces);
  });

  it('sends one frame at a time: a second call waits for the first answer', async () => {
    const { worker, detector } = detectorWithFake();
    const first = detector.detect(frame());
    const second = detector.detect(frame());
    await flush();
    expect(worker.sent).toHaveLength(1);
    worker.reply({ type: 'faces', id: worker.sent[0]?.request.id ?? 0, faces: [], ms: 1 });
    await first;
    await flush();
    expect(worker.sent).toHaveLength(2);
    worker.reply({ type: 'error', id: worker.sent[1]?.request.id ?? 0, message: 'bad frame' });
    await expect(second).rejects.toThrow('bad frame');
  });

  it('falls back to the page when the worker fails, and terminates on dispose', async () => {
    const { worker, detector } = detectorWithFake();
    const pending = detector.detect(frame());
    await flush();
    worker.crash();
    await expect(pending).rejects.toThrow('boom');
    expect(worker.terminated).toBe(true);
    expect(detector.where).toBe('page');

    const other = detectorWithFake();
    other.detector.dispose();
    expect(other.worker.terminated).toBe(true);
    await expect(other.detector.detect(frame())).rejects.toThrow('disposed');
  });

  it('runs in the page when no worker can be created', () => {
    const detector = new WorkerFaceDetector(() => {
      throw new Error('no workers here');
    });
    expect(detector.where).toBe('page');
    detector.dispose();
  });
});
