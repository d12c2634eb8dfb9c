import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROOF_OF_WORK_REQUIRED } from '../../contract/auth';
import { DEVICE_COOKIE, HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { serializeCookie, readCookie } from '../http/cookies';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { Metrics } from '../http/metrics';
import type { ProofOfWork } from './proof-of-work';
import { httpOnlyCookie } from './session-cookies';
import {
  KNOWN_DEVICE_SECONDS,
  sendTooManyAttempts,
  type CountedKey,
  type DeviceToken,
  type LoginThrottle,
  type ThrottleKey,
} from './throttle';

/** The device cookie travels only to the sign-in calls. */
const DEVICE_COOKIE_PATH = '/api/uaa';

/**
 * Who a sign-in is for: a named account (password and binding logins: the name's normalised
 * key, and the user's id when such a user exists), or no account (face and device-id logins,
 * named by their kind).
 */
export type LoginSubject =
  { loginKey: string; userId: number | undefined } | { kind: 'face' | 'client' };

/**
 * What a sign-in may do: be refused (locked), prove work first, or go ahead. An attempt that
 * goes ahead is already counted on its keys (`counted`): it ends with `failed`, `succeeded`
 * (which takes the count back) or `withdrawn` (it was not a guess: taken back too).
 */
export type Admission =
  | { kind: 'locked'; retryAfter: number }
  | { kind: 'challenge' }
  | { kind: 'go'; keys: ThrottleKey[]; counted: CountedKey[] };

/**
 * The sign-in throttle's rules, the same for password, binding, device-id and face logins
 * (OWASP authentication cheat sheet, "device cookies"; docs/security.md):
 * - a browser known to the account (its device cookie) passes the account's lock and the
 *   address's counters; its failures count on its own small budget, which locks it;
 * - other browsers' failures for an account lock the account for those browsers only;
 * - failures from an address never refuse anyone; over its threshold, sign-ins from it that come
 *   from no known browser must carry a proof of work (about a second of a person's time).
 * Every attempt is counted when it is admitted, before its password is hashed or its face
 * read: a parallel burst meets the threshold and the locks as a sequence of attempts would.
 */
export class LoginGuard {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly proof: ProofOfWork,
    private readonly secureCookies: () => boolean,
    private readonly metrics?: Metrics,
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
    if ('loginKey' in subject) {
      const { userId } = subject;
      known = userId !== undefined && (await throttle.isKnownDevice(device, userId));
      // A browser the account knows spends its own budget only; others the account's (every
      // spelling of a user's name shares it) and the address's.
      keys =
        known && device && userId !== undefined
          ? [throttle.deviceKey(device, userId)]
          : [
              address,
              throttle.accountKey(
                userId === undefined ? { loginKey: subject.loginKey } : { userId },
              ),
            ];
    } else {
      known = await throttle.isKnownToAnyone(device);
      keys = device ? [address, throttle.deviceKey(device, subject.kind)] : [address];
    }
    const retryAfter = await throttle.retryAfterSeconds(keys);
    if (retryAfter > 0) return { kind: 'locked', retryAfter };
    const counted: CountedKey[] = [];
    for (const key of keys) {
      const count = await throttle.count(key);
      // Over the address's threshold counting this attempt, a browser known to nobody here goes
      // ahead only with a proof of work.
      if (
        key === address &&
        !known &&
        count.failures > address.maxFailures &&
        !(await this.spendProof(request))
      ) {
        for (const taken of [...counted, count]) await throttle.uncount(taken);
        return { kind: 'challenge' };
      }
      counted.push(count);
    }
    return { kind: 'go', keys, counted };
  }

  /** A header's proof of work, checked and spent (each challenge answers one sign-in). */
  private async spendProof(request: FastifyRequest): Promise<boolean> {
    const header = request.headers[HEADER_PROOF_OF_WORK];
    const proof = await this.proof.verify(typeof header === 'string' ? header : undefined);
    const spent =
      proof !== undefined && (await this.throttle.spendProof(proof.signature, proof.expires));
    if (spent) this.metrics?.proofOfWorkSolved();
    return spent;
  }

  /**
   * The attempt failed (it was counted when admitted): the tries left before its lock, for the
   * answer (`data.remaining`); undefined when no lock applies (an address alone).
   */
  failed(admission: Extract<Admission, { kind: 'go' }>): number | undefined {
    const locking = admission.counted.find((key) => key.locks);
    if (!locking) return undefined;
    return locking.lockedBy !== 0 ? 0 : Math.max(0, locking.maxFailures - locking.failures);
  }

  /**
   * A sign-in succeeded: the account's or device's lock count starts again, and the address's
   * count of it is taken back (never reset: signing in to an account of one's own must not
   * clear others' failures).
   */
  async succeeded(admission: Extract<Admission, { kind: 'go' }>): Promise<void> {
    for (const key of admission.counted) {
      if (key.locks) await this.throttle.clear(key);
      else await this.throttle.uncount(key);
    }
  }

  /** The attempt was not a guess (the server was busy, the photo held no face): not counted. */
  async withdrawn(admission: Extract<Admission, { kind: 'go' }>): Promise<void> {
    for (const key of admission.counted) await this.throttle.uncount(key);
  }

  /**
   * Remembers this browser for the user and (re)sets its device cookie: every sign-in does. A
   * browser the account did not know gets a new token, so a cookie planted on a shared PC before
   * someone signs in never becomes that person's known device.
   */
  async rememberDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
  ): Promise<void> {
    const presented = this.deviceOf(request);
    const known = await this.throttle.isKnownDevice(presented, userId);
    const device = await this.throttle.rememberDevice(known ? presented : undefined, userId);
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
    this.metrics?.proofOfWorkAsked();
    return reply.send(
      fail(428, PROOF_OF_WORK_REQUIRED, MESSAGES.proofOfWorkRequired, { data: { challenge } }),
    );
  }
}
