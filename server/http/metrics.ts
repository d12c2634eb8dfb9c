import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where Prometheus scrapes (docs/operations.md, "Watching it run"). */
export const METRICS_PATH = '/metrics';

/** How a sign-in ended (`edudesk_sign_ins_total{outcome}`). */
export type SignInOutcome = 'success' | 'failure' | 'refused' | 'locked' | 'challenge' | 'busy';

/** Which way a sign-in came (`edudesk_sign_ins_total{method}`). */
export type SignInMethod = 'password' | 'client' | 'face';

/** The figures a gauge reads when Prometheus scrapes; each source is registered by its owner. */
export interface PoolUsage {
  inUse: number;
  waiting: number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Requests no route matched share one label: the raw URL never becomes one. */
const UNMATCHED_ROUTE = '(unmatched)';
/** Seconds: a static file takes a millisecond, a sign-in at production cost tens of them. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server process's metrics in one prom-client registry of its own (not the library's global
 * one, so a test process can build several apps). The places that count call the small methods
 * here; the gauges read their source (`watch…`) only when Prometheus scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'edudesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'edudesk_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: 'edudesk_sign_ins_total',
    help: 'Sign-in attempts by method (password, client, face) and outcome.',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly proofsAsked = new Counter({
    name: 'edudesk_proof_of_work_challenges_total',
    help: 'Proofs of work asked of sign-ins from an address over its failure threshold.',
    registers: [this.registry],
  });
  private readonly proofsSolved = new Counter({
    name: 'edudesk_proof_of_work_solved_total',
    help: 'Sign-ins that carried a valid, unspent proof of work.',
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'edudesk_upload_received_bytes_total',
    help: 'Bytes of upload requests (files and chunks) the server accepted.',
    registers: [this.registry],
  });

  /**
   * Adds the process's memory, CPU, event loop and garbage collection (process_*, nodejs_*):
   * only when metrics are served, since its event loop and GC observers run for good.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request, by its route pattern (`request.routeOptions.url`). */
  request(request: FastifyRequest, reply: FastifyReply): void {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    this.requests.inc({ method, route, status: String(reply.statusCode) });
    this.latency.observe({ method, route }, reply.elapsedTime / 1000);
  }

  signIn(method: SignInMethod, outcome: SignInOutcome): void {
    this.signIns.inc({ method, outcome });
  }

  proofOfWorkAsked(): void {
    this.proofsAsked.inc();
  }

  proofOfWorkSolved(): void {
    this.proofsSolved.inc();
  }

  uploadReceived(bytes: number): void {
    if (Number.isFinite(bytes) && bytes > 0) this.uploadBytes.inc(bytes);
  }

  /** Hashes waiting for a thread of the password hashing pool. */
  watchHashingQueue(queued: () => number): void {
    this.gauge('edudesk_password_hash_queue', 'Password hashes waiting for a thread.', queued);
  }

  /** Sign-in locks in force now (accounts and devices), read from the database at each scrape. */
  watchSignInLocks(locked: () => Promise<number>): void {
    this.gauge('edudesk_sign_in_locks', 'Accounts and devices locked for sign-in now.', locked);
  }

  /** The PostgreSQL pool's connections in use and queries waiting for one (0 on SQLite). */
  watchDatabasePool(usage: () => PoolUsage): void {
    this.gauge(
      'edudesk_db_pool_in_use',
      'Database connections running a query or transaction.',
      () => usage().inUse,
    );
    this.gauge(
      'edudesk_db_pool_waiting',
      'Database queries waiting for a free connection.',
      () => usage().waiting,
    );
  }

  /** The voice gateway's recognitions waiting for their turn and running. */
  watchSpeechQueue(queue: { waiting: number; running: number }): void {
    this.gauge(
      'edudesk_speech_queue',
      'Speech recognitions waiting for their turn.',
      () => queue.waiting,
    );
    this.gauge('edudesk_speech_running', 'Speech recognitions running now.', () => queue.running);
  }

  private gauge(name: string, help: string, read: () => number | Promise<number>): void {
    // Registered once: a second source of the same name (never in one app) is ignored.
    if (this.registry.getSingleMetric(name)) return;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }
}

/** The SHA-256 of a token, so that tokens of any length compare in constant time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** True when the request carries `Authorization: Bearer <token>` (constant-time compare). */
function carriesToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * Counts every answered request and serves `GET /metrics` to whoever carries the token. Without
 * a token nothing is counted per request and the path answers the app's 404 (not the web
 * build's page, which any other path outside /api would get).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  const expected = token === undefined ? undefined : digest(token);
  if (expected !== undefined) {
    metrics.collectProcessMetrics();
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(request, reply);
      done();
    });
  }
  app.get(METRICS_PATH, async (request, reply) => {
    if (expected === undefined) {
      reply.callNotFound();
      return reply;
    }
    if (!carriesToken(request, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('401 Unauthorized\n');
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
