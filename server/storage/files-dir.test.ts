import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import { STORAGE_API } from '../../contract/api-paths';
import type { UploadedFileInfo } from '../../contract/upload';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { bytes, filesUnder, md5Of, postMultipart } from './upload-test-helpers';

/**
 * EDUDESK_FILES_DIR (ServerOptions.filesDir): the uploaded files live in a folder of their own,
 * the one every node of a platform mounts, apart from the database's folder.
 */
describe('the files folder', () => {
  let t: TestApp | undefined;
  let filesDir = '';
  afterEach(async () => {
    await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('holds the uploads, and the data folder none of them', async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-files-'));
    t = await createTestApp({ filesDir });
    const { cookie } = await signIn(t.app, 'teacher01');
    const data = bytes(2000, 5);
    const md5 = md5Of(data);
    const response = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { md5 },
      { name: 'notes.docx', data },
      cookie,
    );
    const stored = response.json<ApiEnvelope<UploadedFileInfo>>().data;
    expect(stored).toMatchObject({ md5, size: 2000 });
    expect(filesUnder(path.join(filesDir, 'files'))).toEqual([path.join(md5.slice(0, 2), md5)]);
    expect(fs.existsSync(path.join(t.dataDir, 'storage'))).toBe(false);

    const download = await t.app.inject({ url: stored.url, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });
});
