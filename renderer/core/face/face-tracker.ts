import type { FaceBox, FaceDetector, FrameData } from './face-detector';
import type { DetectReply, DetectRequest } from './face-tracker-protocol';
import type { detectFaces } from './tracking-runtime';

/**
 * tracking.js in the page: only where no worker can run (the script is loaded on first use, so
 * the page never downloads it otherwise). Each detection blocks the main thread.
 */
export class PageFaceDetector implements FaceDetector {
  readonly where = 'page';
  private runtime: Promise<{ detectFaces: typeof detectFaces }> | null = null;

  async detect(frame: FrameData): Promise<FaceBox[]> {
    this.runtime ??= import('./tracking-runtime');
    const runtime = await this.runtime;
    return runtime.detectFaces(frame.data, frame.width, frame.height);
  }

  dispose(): void {
    this.runtime = null;
  }
}

interface Pending {
  id: number;
  resolve: (faces: FaceBox[]) => void;
  reject: (error: unknown) => void;
}

/**
 * tracking.js in a Web Worker (face-tracker.worker.ts). One frame in flight at a time: its
 * pixels are transferred, not copied, and a call made while one runs waits for it. When the
 * worker cannot start or crashes, detection continues in the page.
 */
export class WorkerFaceDetector implements FaceDetector {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private fallback: PageFaceDetector | null = null;
  private disposed = false;

  constructor(createWorker: () => Worker = defaultWorker) {
    try {
      const worker = createWorker();
      worker.onmessage = (event: MessageEvent<DetectReply>) => {
        this.onReply(event.data);
      };
      worker.onerror = (event) => {
        // The script did not load or crashed: continue in the page.
        event.preventDefault();
        this.toPage(new Error(event.message || 'Face worker failed'));
      };
      this.worker = worker;
    } catch {
      this.fallback = new PageFaceDetector();
    }
  }

  get where(): string {
    return this.fallback ? 'page' : 'worker';
  }

  detect(frame: FrameData): Promise<FaceBox[]> {
    const run = this.queue.then(() => this.run(frame));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(frame: FrameData): Promise<FaceBox[]> {
    if (this.disposed) return Promise.reject(new Error('Face detector disposed'));
    if (this.fallback || !this.worker) {
      this.fallback ??= new PageFaceDetector();
      return this.fallback.detect(frame);
    }
    const worker = this.worker;
    return new Promise<FaceBox[]>((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve, reject };
      const pixels = frame.data.buffer as ArrayBuffer;
      const request: DetectRequest = {
        type: 'detect',
        id,
        width: frame.width,
        height: frame.height,
        pixels,
      };
      worker.postMessage(request, [pixels]);
    });
  }

  private onReply(reply: DetectReply): void {
    if (reply.type === 'ready') return;
    const pending = this.pending;
    if (pending?.id !== reply.id) return;
    this.pending = null;
    if (reply.type === 'faces') pending.resolve(reply.faces);
    else pending.reject(new Error(reply.message));
  }

  private toPage(error: Error): void {
    this.worker?.terminate();
    this.worker = null;
    this.fallback ??= new PageFaceDetector();
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  dispose(): void {
    this.disposed = true;
    this.worker?.terminate();
    this.worker = null;
    this.fallback?.dispose();
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new Error('Face detector disposed'));
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./face-tracker.worker.ts', import.meta.url), { type: 'module' });
}

/** The page's detector: in a worker where the browser has workers, else in the page. */
export function createFaceDetector(): FaceDetector {
  if (typeof Worker === 'undefined') return new PageFaceDetector();
  return new WorkerFaceDetector();
}
