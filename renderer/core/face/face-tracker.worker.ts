import { detectFaces } from './tracking-runtime';
import type { DetectReply, DetectRequest } from './face-tracker-protocol';

/**
 * The detection worker: tracking.js runs here, so the page's main thread only reads frames
 * (one drawImage + getImageData) and never runs the detector.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<DetectRequest>) => void) | null;
  postMessage(message: DetectReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const request = event.data;
  const started = performance.now();
  try {
    const pixels = new Uint8ClampedArray(request.pixels);
    const faces = detectFaces(pixels, request.width, request.height);
    scope.postMessage({ type: 'faces', id: request.id, faces, ms: performance.now() - started });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'error', id: request.id, message });
  }
};

/**
 * One detection on a small patterned frame while the camera counts down, so the engine has
 * compiled the detector before the first real frame arrives (the first run is several times
 * slower than the next ones).
 */
function warmUp(): void {
  const width = 320;
  const height = 240;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < pixels.length; index += 4) {
    const value = ((index >> 2) * 2654435761) >>> 24;
    pixels[index] = value;
    pixels[index + 1] = value;
    pixels[index + 2] = value;
    pixels[index + 3] = 255;
  }
  detectFaces(pixels, width, height);
}

warmUp();
// tracking.js and the classifier are loaded and compiled: the page may send frames.
scope.postMessage({ type: 'ready' });
