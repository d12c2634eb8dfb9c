import './tracking-env';
import 'tracking/build/tracking.js';
import 'tracking/build/data/face-min.js';
import { TRACKER_SETTINGS, type FaceBox, type TrackerSettings } from './face-detector';
import { computeIntegralImages, type IntegralImages } from './integral-images';

/**
 * tracking.js's Viola-Jones face detector with the spec's tracking frame (§9: initial scale 4,
 * step 2, edge density 0.1). Loaded by the detection worker; the page loads it only when no
 * worker can run.
 */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface ViolaJones {
  classifiers: Record<string, Float64Array | undefined>;
  detect(
    pixels: ArrayLike<number>,
    width: number,
    height: number,
    initialScale: number,
    scaleFactor: number,
    stepSize: number,
    edgesDensity: number,
    classifier: Float64Array,
  ): Rect[];
  isTriviallyExcluded(
    edgesDensity: number,
    integralImageSobel: Int32Array,
    i: number,
    j: number,
    width: number,
    blockWidth: number,
    blockHeight: number,
  ): boolean;
  evalStages_(
    data: Float64Array,
    integralImage: Int32Array,
    integralImageSquare: Int32Array,
    tiltedIntegralImage: Int32Array,
    i: number,
    j: number,
    width: number,
    blockWidth: number,
    blockHeight: number,
    scale: number,
  ): boolean;
  mergeRectangles_(rects: Rect[]): Rect[];
}

function violaJones(): { vj: ViolaJones; face: Float64Array } {
  const tracking = (globalThis as { tracking?: { ViolaJones?: ViolaJones } }).tracking;
  const vj = tracking?.ViolaJones;
  const face = vj?.classifiers.face;
  if (!vj || !face) throw new Error('tracking.js or its face classifier did not load');
  return { vj, face };
}

const box = ({ x, y, width, height }: Rect): FaceBox => ({ x, y, width, height });

/** tracking.js's own ObjectTracker.track for the face classifier (ViolaJones.detect). */
export function detectFacesReference(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  settings: TrackerSettings = TRACKER_SETTINGS,
): FaceBox[] {
  const { vj, face } = violaJones();
  const { initialScale, scaleFactor, stepSize, edgesDensity } = settings;
  return vj
    .detect(pixels, width, height, initialScale, scaleFactor, stepSize, edgesDensity, face)
    .map(box);
}

let reused: IntegralImages | null = null;

/**
 * The faces on an RGBA frame: ViolaJones.detect step for step (the same windows, the same
 * edge-density exclusion, tracking.js's own stage evaluation and rectangle merging), with the
 * integral images computed by the faster, equal `computeIntegralImages` into buffers reused
 * between frames.
 */
export function detectFaces(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  settings: TrackerSettings = TRACKER_SETTINGS,
): FaceBox[] {
  const { vj, face } = violaJones();
  const { initialScale, scaleFactor, stepSize, edgesDensity } = settings;
  const images = computeIntegralImages(pixels, width, height, reused);
  reused = images;
  const minWidth = face[0] ?? 0;
  const minHeight = face[1] ?? 0;
  const rects: Rect[] = [];
  let scale = initialScale * scaleFactor;
  let blockWidth = (scale * minWidth) | 0;
  let blockHeight = (scale * minHeight) | 0;
  while (blockWidth < width && blockHeight < height) {
    const step = (scale * stepSize + 0.5) | 0;
    for (let i = 0; i < height - blockHeight; i += step) {
      for (let j = 0; j < width - blockWidth; j += step) {
        if (
          edgesDensity > 0 &&
          vj.isTriviallyExcluded(edgesDensity, images.sobel, i, j, width, blockWidth, blockHeight)
        ) {
          continue;
        }
        if (
          vj.evalStages_(
            face,
            images.sum,
            images.square,
            images.tilted,
            i,
            j,
            width,
            blockWidth,
            blockHeight,
            scale,
          )
        ) {
          rects.push({ width: blockWidth, height: blockHeight, x: j, y: i });
        }
      }
    }
    scale *= scaleFactor;
    blockWidth = (scale * minWidth) | 0;
    blockHeight = (scale * minHeight) | 0;
  }
  return vj.mergeRectangles_(rects).map(box);
}
