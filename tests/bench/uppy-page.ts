/**
 * The Uppy peer's page script (bench only): Uppy 6 with its tus plugin against the bench's tus
 * server, bundled by esbuild at bench time (tests/bench/bench-assets.ts). The bench calls
 * `window.benchUppy(chunkSize)` with the file picked in the page's input; it answers when the
 * upload is complete.
 */
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';

declare global {
  interface Window {
    benchUppy: (chunkSize: number | null) => Promise<number>;
  }
}

window.benchUppy = async (chunkSize) => {
  const picked = document.querySelector('input')?.files?.[0];
  if (!picked) throw new Error('no file');
  const uppy = new Uppy({ autoProceed: false });
  uppy.use(Tus, {
    endpoint: '/bench/tus',
    // tus's default is one PATCH for the whole file (chunkSize Infinity).
    ...(chunkSize === null ? {} : { chunkSize }),
    // Every round is a new upload, never a resumed one.
    storeFingerprintForResuming: false,
    retryDelays: [],
  });
  uppy.addFile({ name: picked.name, type: picked.type, data: picked });
  const result = await uppy.upload();
  uppy.destroy();
  if (!result || result.failed?.length) throw new Error('Uppy upload failed');
  return result.successful?.length ?? 0;
};
