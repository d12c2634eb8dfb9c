import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import type { UploadedFileInfo } from '../../contract/upload';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { bytes, formPost, md5Of, postMultipart } from './upload-test-helpers';

/**
 * Bodies are closed (server/http/body-schemas.test.ts), yet the storage calls keep the fields
 * the spec lets a caller add (§7): second_upload_check's extra data, the download form's
 * Sy-Language (in the body of a POST, in the query of a GET, beside a cache-busting `_t`).
 */
describe('fields the spec lets a caller add', () => {
  let t: TestApp;
  let cookie: string;
  let stored: UploadedFileInfo;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'teacher01')).cookie;
    const data = bytes(1500, 9);
    const upload = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { md5: md5Of(data) },
      { name: 'plan.docx', data },
      cookie,
    );
    stored = upload.json<ApiEnvelope<UploadedFileInfo>>().data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('second_upload_check takes the extra data, bounded', async () => {
    const fields = { md5: stored.md5, name: 'plan.docx', courseId: '42', folder: 'week 3' };
    const found = await formPost(t.app, STORAGE_API.secondUploadCheck, fields, cookie);
    expect(found.json()).toMatchObject({ status: 200, data: { md5: stored.md5 } });
    const tooMany = Object.fromEntries(
      Array.from({ length: 80 }, (_, i) => [`extra${String(i)}`, 'x']),
    );
    const refused = await formPost(
      t.app,
      STORAGE_API.secondUploadCheck,
      { ...tooMany, md5: stored.md5, name: 'plan.docx' },
      cookie,
    );
    expect(refused.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('the download form carries Sy-Language, by GET and by POST', async () => {
    const get = await t.app.inject({
      url: `${STORAGE_API.download}?id=${stored.id}&Sy-Language=en&_t=1700000000000`,
      headers: { cookie },
    });
    expect(get.statusCode).toBe(200);
    const post = await formPost(
      t.app,
      STORAGE_API.download,
      { id: stored.id, 'Sy-Language': 'zh-HK' },
      cookie,
    );
    expect(post.statusCode).toBe(200);
    expect(post.rawPayload.length).toBe(1500);
  });
});
