import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../testing/raw-http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Slow and many connections (server/http/connection-limits.ts): a body that trickles in is
 * answered 408 and its connection closed; one address cannot hold more than its share.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listen(limits: Parameters<typeof createTestApp>[0]): Promise<number> {
  t = await createTestApp(limits);
  return listenOnLoopback(t.app);
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Everything the server writes until it closes the connection. */
function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.once('close', () => {
      resolve(received);
    });
    socket.on('error', () => undefined);
  });
}

describe('connection limits', () => {
  it('answers a body that trickles in 408 and closes its connection', async () => {
    const port = await listen({ connectionLimits: { bodyGraceSeconds: 1 } });
    const socket = await connect(port);
    const closed = untilClosed(socket);
    socket.write(
      'POST /api/uaa/oauth/login HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const interval = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 200);
    try {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"request_timeout"');
    } finally {
      clearInterval(interval);
    }
  });

  it('lets a body that arrives at an ordinary pace through', async () => {
    const port = await listen({ connectionLimits: { bodyGraceSeconds: 1 } });
    const response = await fetch(`http://127.0.0.1:${String(port)}/api/uaa/oauth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher01', password: 'Edu@2026' }),
    });
    expect(await response.json()).toMatchObject({ status: 200 });
  });

  it('closes connections over the per-address cap at once, and keeps the others', async () => {
    const port = await listen({ connectionLimits: { maxConnectionsPerAddress: 3 } });
    const kept = await Promise.all([connect(port), connect(port), connect(port)]);
    const extra = await connect(port);
    expect(await untilClosed(extra)).toBe('');
    // The first three still work.
    const [first] = kept;
    const answered = new Promise<string>((resolve) => {
      first.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('utf8'));
      });
    });
    first.write('GET /api/uaa/oauth/login/config HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 \d{3} /);
    for (const socket of kept) socket.destroy();
  });
});
