import { HEADER_LANGUAGE } from '../../contract/http-headers';
import type { RequestEncoding } from '../../contract/operations';

/** A request of the runner: path (with its query) relative to the base URL. */
export interface CallRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  encoding?: RequestEncoding;
  /** Multipart only: files by field name. */
  files?: Record<string, { name: string; bytes: Uint8Array; type: string }>;
  headers?: Record<string, string>;
  /** Send no session cookies. */
  anonymous?: boolean;
  language?: string;
}

export interface CallAnswer {
  status: number;
  contentType: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  bytes: Uint8Array;
}

/**
 * An HTTP client of one platform that keeps its cookies, as a browser would for the front end:
 * the session cookies a sign-in sets go with every later call.
 */
export class PlatformClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly defaultLanguage = 'zh-CN',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0\b/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call(request: CallRequest): Promise<CallAnswer> {
    const url = new URL(request.path, this.base);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      [HEADER_LANGUAGE]: request.language ?? this.defaultLanguage,
      // The front end's own pages send their origin with every call.
      origin: new URL(this.base).origin,
      ...request.headers,
    };
    if (!request.anonymous && this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: string | FormData | undefined;
    if (request.method === 'POST') {
      const fields = request.body ?? {};
      switch (request.encoding ?? 'form') {
        case 'json':
          headers['content-type'] = 'application/json';
          body = JSON.stringify(fields);
          break;
        case 'form': {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          const form = new URLSearchParams();
          for (const [name, value] of Object.entries(fields)) {
            for (const item of [value].flat()) {
              form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
            }
          }
          body = form.toString();
          break;
        }
        case 'multipart': {
          const form = new FormData();
          for (const [name, value] of Object.entries(fields)) {
            form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
          }
          for (const [name, file] of Object.entries(request.files ?? {})) {
            form.append(name, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
          }
          body = form;
          break;
        }
      }
    }
    const response = await fetch(url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
    });
    this.keepCookies(response);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    let json: unknown;
    if (contentType.includes('json')) {
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, contentType, json, bytes };
  }
}
