import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';
import { MESSAGES } from './messages';

/**
 * How long a client may take to send a request, and how many connections one address may hold
 * (docs/security.md, "Slow and many connections").
 */
export interface ConnectionLimits {
  /** Seconds to send the request line and headers (Node's headersTimeout). */
  headerSeconds: number;
  /** Seconds a body may take on top of its size at the slowest accepted rate. */
  bodyGraceSeconds: number;
  /** The slowest accepted body rate, bytes per second (a very slow school link: 64 kbit/s). */
  minBodyBytesPerSecond: number;
  /** Longest any request may take to arrive, whatever its size (Node's requestTimeout). */
  maxRequestSeconds: number;
  /** Open connections one client address may hold; 0 for no cap (behind a proxy, its job). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headerSeconds: 15,
  bodyGraceSeconds: 10,
  minBodyBytesPerSecond: 8 * 1024,
  // A chunk or a single upload over a slow link (the client's own timeout is 20 minutes).
  maxRequestSeconds: 20 * 60,
  // A school of a thousand browsers behind one NAT address, six connections each.
  maxConnectionsPerAddress: 6000,
};

/** The seconds a request with this many body bytes may take to arrive. */
export function bodyDeadlineSeconds(bytes: number, limits: ConnectionLimits): number {
  const seconds = limits.bodyGraceSeconds + bytes / limits.minBodyBytesPerSecond;
  return Math.min(seconds, limits.maxRequestSeconds);
}

/**
 * Applies the limits to the app's HTTP server: Node's header and whole-request timeouts, a
 * deadline per request body proportional to its announced size (a body that announces 1,000
 * bytes and sends one every 10 s is answered 408 and its connection closed after about 10 s),
 * and a cap on the connections one address holds (over it, new ones are closed at once).
 */
export function applyConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): void {
  const server = app.server;
  server.headersTimeout = limits.headerSeconds * 1000;
  server.requestTimeout = limits.maxRequestSeconds * 1000;

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const announced = Number(raw.headers['content-length'] ?? 0);
    const chunked = raw.headers['transfer-encoding'] !== undefined;
    if (raw.complete || (!chunked && !(announced > 0))) {
      done();
      return;
    }
    const bytes =
      Number.isFinite(announced) && announced > 0 ? announced : (app.initialConfig.bodyLimit ?? 0);
    const timer = setTimeout(
      () => {
        if (raw.complete || reply.sent) return;
        request.log.info({ announced }, 'request body too slow');
        void reply
          .code(408)
          .header('connection', 'close')
          .send(fail(408, 'request_timeout', MESSAGES.requestTimeout));
        // The rest of the body is not waited for.
        reply.raw.once('finish', () => raw.socket.destroy());
      },
      bodyDeadlineSeconds(bytes, limits) * 1000,
    );
    timer.unref();
    const clear = () => {
      clearTimeout(timer);
    };
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });

  if (limits.maxConnectionsPerAddress > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }
}
