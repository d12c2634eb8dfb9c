import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isMd5 } from '../../contract/upload';

/**
 * Where the storage service keeps bytes, all under its files folder (`filesDirOf`):
 * - `files/<first two hex>/<md5>`: stored content, once per distinct content (instant upload);
 * - `chunks/<md5>/<eachSize>/data`: the partial file of an unfinished chunked upload;
 * - `tmp/`: files being written; a file is moved into place only once complete and verified.
 * Names given by clients never become paths: content is addressed by its MD5 (checked to be
 * 32 hex characters) and chunks by numbers.
 */
export class ContentStore {
  readonly root: string;
  readonly filesDir: string;
  readonly chunksDir: string;
  readonly tmpDir: string;
  /** Temporary files being written by a request right now: the clean-up leaves them alone. */
  private readonly activeTemps = new Set<string>();

  constructor(root: string) {
    this.root = root;
    this.filesDir = path.join(this.root, 'files');
    this.chunksDir = path.join(this.root, 'chunks');
    this.tmpDir = path.join(this.root, 'tmp');
  }

  init(): void {
    for (const dir of [this.filesDir, this.chunksDir, this.tmpDir]) {
      fs.mkdirSync(dir, { recursive: true });
    }
  }

  contentPath(md5: string): string {
    assertMd5(md5);
    return path.join(this.filesDir, md5.slice(0, 2), md5);
  }

  /** The size of the stored content, or undefined when there is none. */
  async storedSize(md5: string): Promise<number | undefined> {
    try {
      const stat = await fs.promises.stat(this.contentPath(md5));
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  }

  /** A fresh temporary path, reserved until `releaseTemp`. */
  reserveTemp(): string {
    const file = path.join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    this.activeTemps.add(file);
    return file;
  }

  releaseTemp(file: string): void {
    this.activeTemps.delete(file);
  }

  isActiveTemp(file: string): boolean {
    return this.activeTemps.has(file);
  }

  /**
   * Moves a complete, verified temporary file into place as the content `md5`. Rename is atomic:
   * a reader sees the old state or the whole file. When the content is already stored (another
   * request won), the same bytes simply replace it.
   */
  async commit(tempFile: string, md5: string): Promise<void> {
    const target = this.contentPath(md5);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tempFile, target);
  }
}

function assertMd5(md5: string): void {
  // A programming error if reached: every route validates md5 first.
  if (!isMd5(md5)) throw new Error('not an MD5');
}
