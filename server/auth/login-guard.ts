import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROOF_OF_WORK_REQUIRED } from '../../contract/auth';
import { DEVICE_COOKIE, HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { serializeCookie, readCookie } from '../http/cookies';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { ProofOfWork } from './proof-of-work';
import { httpOnlyCookie } from './session-cookies';
import {
  KNOWN_DEVICE_SECONDS,
  sendTooManyAttempts,
  type DeviceToken,
  type LoginThrottle,
  type ThrottleKey,
} from './throttle';

/** The device cookie travels only to the sign-in calls. */
const DEVICE_COOKIE_PATH = '/api/uaa';

/**
 * Who a sign-in is for: a named account (password and binding logins; `userId` undefined when
 * no such user exists), or no account (face and device-id logins, named by their kind).
 */
export type LoginSubject =
  { account: string; userId: number | undefined } | { kind: 'face' | 'client' };

/** What a sign-in may do: be refused (locked), prove work first, or go ahead with these keys. */
export type Admission =
  | { kind: 'locked'; retryAfter: number }
  | { kind: 'challenge' }
  | { kind: 'go'; keys: ThrottleKey[] };

/**
 * The sign-in throttle's rules, the same for password, binding, device-id and face logins
 * (OWASP authentication cheat sheet, "device cookies"; docs/security.md):
 * - a browser known to the account (its device cookie) passes the account's lock and the
 *   address's counters; its failures count on its own small budget, which locks it;
 * - other browsers' failures for an account lock the account for those browsers only;
 * - failures from an address never refuse anyone; over its threshold, sign-ins from it that come
 *   from no known browser must carry a proof of work (about a second of a person's time).
 */
export class LoginGuard {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly proof: ProofOfWork,
    private readonly secureCookies: () => boolean,
  ) {}

  /** The browser's device, from its cookie (undefined when it has none or a malformed one). */
  deviceOf(request: FastifyRequest): DeviceToken | undefined {
    return this.throttle.deviceOf(readCookie(request.headers.cookie, DEVICE_COOKIE));
  }

  async admit(request: FastifyRequest, subject: LoginSubject): Promise<Admission> {
    const { throttle } = this;
    const device = this.deviceOf(request);
    const address = throttle.addressKey(request.ip);
    let keys: ThrottleKey[];
    let known: boolean;
    if ('account' in subject) {
      known =
        subject.userId !== undefined && (await throttle.isKnownDevice(device, subject.userId));
      keys =
        known && device && subject.userId !== undefined
          ? [throttle.deviceKey(device, subject.userId)]
          : [throttle.accountKey(subject.account), address];
    } else {
      known = await throttle.isKnownToAnyone(device);
      keys = device ? [throttle.deviceKey(device, subject.kind), address] : [address];
    }
    const retryAfter = await throttle.retryAfterSeconds(keys);
    if (retryAfter > 0) return { kind: 'locked', retryAfter };
    if (!known && (await throttle.overThreshold(address)) && !(await this.spendProof(request))) {
      return { kind: 'challenge' };
    }
    return { kind: 'go', keys };
  }

  /** A header's proof of work, checked and spent (each challenge answers one sign-in). */
  private async spendProof(request: FastifyRequest): Promise<boolean> {
    const header = request.headers[HEADER_PROOF_OF_WORK];
    const proof = await this.proof.verify(typeof header === 'string' ? header : undefined);
    return proof !== undefined && (await this.throttle.spendProof(proof.signature, proof.expires));
  }

  async failed(admission: Extract<Admission, { kind: 'go' }>): Promise<void> {
    await this.throttle.recordFailure(admission.keys);
  }

  /**
   * A sign-in succeeded: the account's or device's lock count starts again (never the
   * address's: signing in to an account of one's own must not reset it).
   */
  async succeeded(admission: Extract<Admission, { kind: 'go' }>): Promise<void> {
    for (const key of admission.keys) if (key.locks) await this.throttle.clear(key);
  }

  /** Remembers this browser for the user and (re)sets its device cookie: every sign-in does. */
  async rememberDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
  ): Promise<void> {
    const device = await this.throttle.rememberDevice(this.deviceOf(request), userId);
    void reply.header(
      'set-cookie',
      serializeCookie(
        DEVICE_COOKIE,
        device.token,
        httpOnlyCookie(DEVICE_COOKIE_PATH, KNOWN_DEVICE_SECONDS, this.secureCookies()),
      ),
    );
  }

  /** The answer to a sign-in that was not admitted. */
  async refuse(
    reply: FastifyReply,
    admission: Exclude<Admission, { kind: 'go' }>,
  ): Promise<FastifyReply> {
    if (admission.kind === 'locked') return sendTooManyAttempts(reply, admission.retryAfter);
    const challenge = await this.proof.challenge();
    return reply.send(
      fail(428, PROOF_OF_WORK_REQUIRED, MESSAGES.proofOfWorkRequired, { data: { challenge } }),
    );
  }
}
