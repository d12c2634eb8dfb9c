import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/testing/test-app';
import { connectToServer } from './connect';
import { checkServer } from './reachability';

let platform: TestApp;
let platformOrigin: string;
let other: Server;
let otherOrigin: string;

beforeAll(async () => {
  platform = await createTestApp();
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  platformOrigin = `http://localhost:${String((platform.app.server.address() as AddressInfo).port)}`;
  // Some other web server: a router page, a captive portal, a plain site.
  other = createServer((request, response) => {
    if (request.url?.startsWith('/api/uaa/oauth/login/config') === true) {
      const json = request.url.includes('url=localhost');
      response.writeHead(200, { 'content-type': json ? 'application/json' : 'text/html' });
      response.end(json ? '{"status":500,"message":"no"}' : '<html>Welcome</html>');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${String((other.address() as AddressInfo).port)}`;
}, 30_000);

afterAll(async () => {
  await platform.close();
  await new Promise((resolve) => other.close(resolve));
});

describe('checkServer', () => {
  it('recognises the reference platform server', async () => {
    expect(await checkServer(platformOrigin, fetch)).toEqual({ ok: true });
  });

  it('asks for the login configuration of the host', async () => {
    const asked: string[] = [];
    await checkServer('https://school.example.edu:8443', (url) => {
      asked.push(url);
      return Promise.resolve(Response.json({ status: 200 }));
    });
    expect(asked).toEqual([
      'https://school.example.edu:8443/api/uaa/oauth/login/config?url=school.example.edu%3A8443',
    ]);
  });

  it('says "not a platform" for another web server, whatever it answers', async () => {
    expect(await checkServer(otherOrigin, fetch)).toEqual({ ok: false, reason: 'notPlatform' });
    const viaLocalhost = otherOrigin.replace('127.0.0.1', 'localhost');
    expect(await checkServer(viaLocalhost, fetch)).toEqual({ ok: false, reason: 'notPlatform' });
  });

  it('says "not a platform" for an HTTP error', async () => {
    expect(
      await checkServer('https://a.edu', () => Promise.resolve(new Response('', { status: 502 }))),
    ).toEqual({ ok: false, reason: 'notPlatform' });
  });

  it('says "unreachable" when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkServer(`http://127.0.0.1:${String(port)}`, fetch)).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('says "unreachable" when the server does not answer in time', async () => {
    const never = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          reject(new Error('aborted'));
        });
      });
    expect(await checkServer('https://slow.example.edu', never, 20)).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });
});

describe('connectToServer (the first-run page)', () => {
  it('accepts the reference server and answers its origin', async () => {
    expect(
      await connectToServer(` ${platformOrigin}/login `, (origin) => checkServer(origin, fetch)),
    ).toEqual({
      ok: true,
      origin: platformOrigin,
      url: `${platformOrigin}/`,
    });
  });

  it('refuses an invalid address without any request', async () => {
    const checked: string[] = [];
    const check = (origin: string) => {
      checked.push(origin);
      return Promise.resolve({ ok: true } as const);
    };
    expect(await connectToServer('http://school.example.edu', check)).toEqual({
      ok: false,
      error: 'insecure',
    });
    expect(await connectToServer('', check)).toEqual({ ok: false, error: 'empty' });
    expect(checked).toEqual([]);
  });

  it('refuses a server that is not a platform, or cannot be reached', async () => {
    expect(await connectToServer(otherOrigin, (origin) => checkServer(origin, fetch))).toEqual({
      ok: false,
      error: 'notPlatform',
    });
    expect(
      await connectToServer('https://a.edu', () =>
        Promise.resolve({ ok: false, reason: 'unreachable' } as const),
      ),
    ).toEqual({ ok: false, error: 'unreachable' });
  });
});
