/**
 * tracking.js's `Image.computeIntegralImage`, rewritten for speed with the same results, bit
 * for bit (a test compares the two). The original runs its Sobel filter on all four RGBA
 * channels in fresh Float32Arrays and allocates about 10 MB per 640 × 480 frame; that is 90 % of
 * a detection's time. Here the Sobel runs on one grey channel and the buffers are reused from
 * frame to frame. Everything that decides the result is kept exactly: the grey formula and its
 * truncation (integrals) or rounding (Sobel input, a Uint8ClampedArray), the clamped borders of
 * the convolutions, the float32 rounding of the Sobel magnitude, and the integral formulas with
 * their edge behaviour (an index before the start reads 0; the first column reads the previous
 * row's last values, as the original does).
 */
export interface IntegralImages {
  width: number;
  height: number;
  sum: Int32Array;
  square: Int32Array;
  tilted: Int32Array;
  sobel: Int32Array;
}

interface Scratch {
  /** Grey as the integrals see it: truncated. */
  grey: Int32Array;
  /** Grey as the Sobel filter sees it: a Uint8ClampedArray (rounded). */
  greyRounded: Uint8ClampedArray;
  pass: Float32Array;
  gradient: Float32Array;
}

const scratches = new WeakMap<IntegralImages, Scratch>();

function allocate(width: number, height: number): IntegralImages {
  const size = width * height;
  return {
    width,
    height,
    sum: new Int32Array(size),
    square: new Int32Array(size),
    tilted: new Int32Array(size),
    sobel: new Int32Array(size),
  };
}

function scratchFor(images: IntegralImages): Scratch {
  let scratch = scratches.get(images);
  if (!scratch) {
    const size = images.width * images.height;
    scratch = {
      grey: new Int32Array(size),
      greyRounded: new Uint8ClampedArray(size),
      pass: new Float32Array(size),
      gradient: new Float32Array(size),
    };
    scratches.set(images, scratch);
  }
  return scratch;
}

/** Vertical 3-tap convolution with clamped borders (tracking.js verticalConvolve, channel 0). */
function vertical3(
  input: ArrayLike<number>,
  output: Float32Array,
  width: number,
  height: number,
  w0: number,
  w1: number,
  w2: number,
): void {
  for (let y = 0; y < height; y++) {
    const above = (y === 0 ? 0 : y - 1) * width;
    const row = y * width;
    const below = (y === height - 1 ? y : y + 1) * width;
    for (let x = 0; x < width; x++) {
      let value = 0;
      value += (input[above + x] ?? 0) * w0;
      value += (input[row + x] ?? 0) * w1;
      value += (input[below + x] ?? 0) * w2;
      output[row + x] = value;
    }
  }
}

/** Horizontal 3-tap convolution with clamped borders (tracking.js horizontalConvolve). */
function horizontal3(
  input: Float32Array,
  output: Float32Array,
  width: number,
  height: number,
  w0: number,
  w1: number,
  w2: number,
): void {
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = x === 0 ? 0 : x - 1;
      const right = x === last ? last : x + 1;
      let value = 0;
      value += (input[row + left] ?? 0) * w0;
      value += (input[row + x] ?? 0) * w1;
      value += (input[row + right] ?? 0) * w2;
      output[row + x] = value;
    }
  }
}

/**
 * Fills (and returns) the four integral images of an RGBA frame: sum, square, tilted and Sobel,
 * equal to tracking.js's. Pass the previous result to reuse its buffers.
 */
export function computeIntegralImages(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  reuse?: IntegralImages | null,
): IntegralImages {
  const images =
    reuse?.width === width && reuse.height === height ? reuse : allocate(width, height);
  const { sum, square, tilted, sobel } = images;
  const { grey, greyRounded, pass, gradient } = scratchFor(images);
  const size = width * height;

  for (let p = 0, w = 0; p < size; p++, w += 4) {
    const value =
      (pixels[w] ?? 0) * 0.299 + (pixels[w + 1] ?? 0) * 0.587 + (pixels[w + 2] ?? 0) * 0.114;
    grey[p] = ~~value;
    greyRounded[p] = value;
  }

  // Sobel. tracking.js's "vertical" image is [-1 0 1] across after [1 2 1] down, its
  // "horizontal" image [1 2 1] across after [-1 0 1] down; both are kept in Float32Arrays (the
  // values are integers, so exactly), and so is their magnitude (rounded to float32 here too).
  vertical3(greyRounded, pass, width, height, 1, 2, 1);
  horizontal3(pass, gradient, width, height, -1, 0, 1);
  vertical3(greyRounded, pass, width, height, -1, 0, 1);
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = x === 0 ? 0 : x - 1;
      const right = x === last ? last : x + 1;
      let h = 0;
      h += pass[row + left] ?? 0;
      h += (pass[row + x] ?? 0) * 2;
      h += pass[row + right] ?? 0;
      const v = gradient[row + x] ?? 0;
      gradient[row + x] = Math.sqrt(h * h + v * v);
    }
  }

  // The integrals, in raster order as the original computes them. Row 0 reads nothing above
  // (an index before the start reads 0); the tilted table's last pixel of row 0 reads RSAT[0].
  for (let j = 0; j < width; j++) {
    const pixel = grey[j] ?? 0;
    const left = j > 0;
    sum[j] = (left ? (sum[j - 1] ?? 0) : 0) + pixel;
    square[j] = (left ? (square[j - 1] ?? 0) : 0) + pixel * pixel;
    tilted[j] = (j === width - 1 && j > 0 ? (tilted[0] ?? 0) : 0) + pixel;
    sobel[j] = (left ? (sobel[j - 1] ?? 0) : 0) + (gradient[j] ?? 0);
  }
  for (let i = 1; i < height; i++) {
    const row = i * width;
    for (let j = 0; j < width; j++) {
      const w = row + j;
      const up = w - width;
      // Column 0 reads the previous row's last values through w - 1, as the original does.
      const upLeft = up - 1;
      const hasUpLeft = upLeft >= 0;
      const pixel = grey[w] ?? 0;
      sum[w] = (sum[up] ?? 0) + (sum[w - 1] ?? 0) + pixel - (hasUpLeft ? (sum[upLeft] ?? 0) : 0);
      square[w] =
        (square[up] ?? 0) +
        (square[w - 1] ?? 0) +
        pixel * pixel -
        (hasUpLeft ? (square[upLeft] ?? 0) : 0);
      tilted[w] =
        (hasUpLeft ? (tilted[upLeft] ?? 0) : 0) +
        (tilted[up + 1] ?? 0) -
        (i > 1 ? (tilted[up - width] ?? 0) : 0) +
        pixel +
        (grey[up] ?? 0);
      sobel[w] =
        (sobel[up] ?? 0) +
        (sobel[w - 1] ?? 0) +
        (gradient[w] ?? 0) -
        (hasUpLeft ? (sobel[upLeft] ?? 0) : 0);
    }
  }
  return images;
}
