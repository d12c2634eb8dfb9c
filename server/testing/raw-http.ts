import type { FastifyInstance } from 'fastify';
import net from 'node:net';

/** The envelope of a request the server cannot read (server/http/framework-errors.ts). */
export const BAD_REQUEST = {
  status: 400,
  code: 'bad_request',
  message: '请求无效|||Bad request',
  data: null,
  fieldErrors: [],
};

/**
 * Sends raw bytes to a listening server and returns everything it answers before closing: for
 * requests Node's own client and `app.inject` will not send (two Host headers, broken lines).
 */
export function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close the connection after answering; a reset after the answer is fine.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(bytes, 'latin1');
  });
}

/** Starts a test app listening on a free loopback port, for raw connections; returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The body of a raw HTTP answer (after its head). */
export function bodyOf(answer: string): string {
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}
