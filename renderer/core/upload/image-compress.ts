import { IMAGE_COMPRESSION, stripExtension } from '../../../contract/upload';

export interface CompressOptions {
  /** Spec §9: at most 500 × 500 by default. */
  maxWidth?: number;
  maxHeight?: number;
  /** Spec §9: 0.8 by default (JPEG and WebP). */
  quality?: number;
}

/** The largest size within the bounds keeping the aspect ratio; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** PNG and GIF keep their transparency as PNG; everything else becomes JPEG. */
export function outputType(inputType: string): 'image/png' | 'image/jpeg' {
  return inputType === 'image/png' || inputType === 'image/gif' ? 'image/png' : 'image/jpeg';
}

async function encode(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  type: string,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    if (type === 'image/jpeg') {
      // JPEG has no transparency: transparent pixels become white, not black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('Encoding failed'));
      },
      type,
      quality,
    );
  });
}

/**
 * Shrinks an image to fit the bounds and re-encodes it (spec §9: 500 × 500, quality 0.8). An
 * image the browser cannot decode (TIFF in most browsers) is returned unchanged, and so is one
 * that already fits and would only grow.
 */
export async function compressImage(file: File, options: CompressOptions = {}): Promise<File> {
  const maxWidth = options.maxWidth ?? IMAGE_COMPRESSION.maxWidth;
  const maxHeight = options.maxHeight ?? IMAGE_COMPRESSION.maxHeight;
  const quality = options.quality ?? IMAGE_COMPRESSION.quality;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxWidth, maxHeight);
    const fits = size.width === bitmap.width && size.height === bitmap.height;
    const type = outputType(file.type);
    const blob = await encode(bitmap, size, type, quality);
    if (fits && blob.size >= file.size) return file;
    const ext = type === 'image/png' ? 'png' : 'jpg';
    return new File([blob], `${stripExtension(file.name)}.${ext}`, {
      type,
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}

/** A data URL's base64 part and type, for the base64 upload of spec §7. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += step) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + step));
  }
  return btoa(binary);
}
