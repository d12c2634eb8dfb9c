import type { HandlerDetails, LoadURLOptions } from 'electron';

/**
 * How to load a URL a page asked to open in a new window, so the new window gets what the page
 * sent: the referrer, and for a form posted into a new window (the ysy single-sign-on page posts
 * a signed form, spec §2) the same body and content type.
 */
export function loadOptionsFor(
  details: Pick<HandlerDetails, 'referrer' | 'postBody'>,
): LoadURLOptions {
  const options: LoadURLOptions = {};
  if (details.referrer.url !== '') options.httpReferrer = details.referrer;
  if (details.postBody) {
    const { contentType, boundary, data } = details.postBody;
    options.postData = data;
    options.extraHeaders = `Content-Type: ${contentType}${
      boundary !== undefined && boundary !== '' && !contentType.includes('boundary=')
        ? `; boundary=${boundary}`
        : ''
    }`;
  }
  return options;
}
