import { describe, expect, it } from 'vitest';
import { loadOptionsFor } from './load-options';

const NO_REFERRER = { url: '', policy: 'default' } as const;

describe('loadOptionsFor', () => {
  it('loads a plain link with nothing extra', () => {
    expect(loadOptionsFor({ referrer: NO_REFERRER })).toEqual({});
  });

  it('passes the referrer on', () => {
    const referrer = {
      url: 'https://school.example.edu/desktop',
      policy: 'strict-origin',
    } as const;
    expect(loadOptionsFor({ referrer })).toEqual({ httpReferrer: referrer });
  });

  it('re-posts a form sent into a new window, with its content type', () => {
    const data = [{ type: 'rawData' as const, bytes: Buffer.from('sign=abc&user=1') }];
    expect(
      loadOptionsFor({
        referrer: NO_REFERRER,
        postBody: { contentType: 'application/x-www-form-urlencoded', data },
      }),
    ).toEqual({ postData: data, extraHeaders: 'Content-Type: application/x-www-form-urlencoded' });
  });

  it('adds the multipart boundary when the content type lacks it', () => {
    const data = [{ type: 'rawData' as const, bytes: Buffer.from('--b\r\n') }];
    expect(
      loadOptionsFor({
        referrer: NO_REFERRER,
        postBody: { contentType: 'multipart/form-data', boundary: 'b', data },
      }).extraHeaders,
    ).toBe('Content-Type: multipart/form-data; boundary=b');
    expect(
      loadOptionsFor({
        referrer: NO_REFERRER,
        postBody: { contentType: 'multipart/form-data; boundary=b', boundary: 'b', data },
      }).extraHeaders,
    ).toBe('Content-Type: multipart/form-data; boundary=b');
  });
});
