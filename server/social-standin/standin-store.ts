import { randomBytes } from 'node:crypto';
import { STANDIN_LIMITS, STANDIN_TTL } from './standin-config';
import { boundedSet } from '../bounded-map';

export type StandinProvider = 'weixin' | 'wecom';

/**
 * The long-poll answers of WeChat's QR page (`window.wx_errcode`): 408 nothing new yet, 404
 * scanned, 405 confirmed (with the code), 403 cancelled on the phone, 402 expired.
 */
export const QR_STATUS = {
  waiting: 408,
  scanned: 404,
  confirmed: 405,
  cancelled: 403,
  expired: 402,
} as const;
export type QrStatusCode = (typeof QR_STATUS)[keyof typeof QR_STATUS];

export interface QrSession {
  uuid: string;
  provider: StandinProvider;
  /** WeChat appid, or the WeCom corp id. */
  appId: string;
  agentId?: string;
  /** The validated redirect_uri and the caller's state, to finish the login with. */
  redirectUri: string;
  state: string | undefined;
  status: 'waiting' | 'scanned' | 'confirmed' | 'cancelled';
  code?: string;
  expires: number;
  waiters: Set<() => void>;
}

export interface AuthCode {
  provider: StandinProvider;
  appId: string;
  agentId?: string;
  identityKey: string;
  scope: string;
  expires: number;
  /** Set on first use: a second use before expiry is "code been used" (40163). */
  used: boolean;
}

export interface WeixinToken {
  appId: string;
  identityKey: string;
  openid: string;
  unionid: string;
  scope: string;
  expires: number;
}

export interface WeixinRefresh {
  appId: string;
  accessToken: string;
  expires: number;
}

export interface WecomToken {
  corpId: string;
  token: string;
  expires: number;
}

/**
 * An access token is remembered this long after it expired, so a late call is told
 * "access_token expired" (42001) rather than "invalid" (40001 / 40014), as the real APIs do.
 */
const EXPIRED_TOKEN_MEMORY_MS = 24 * 3600_000;
const SWEEP_INTERVAL_MS = 1000;

/** A random token of URL-safe characters (no padding). */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Everything the stand-ins remember, in memory and bounded: QR sessions, one-time codes,
 * tokens. Expired entries are swept on use; every map has a size limit.
 */
export class StandinStore {
  readonly sessions = new Map<string, QrSession>();
  readonly codes = new Map<string, AuthCode>();
  readonly weixinTokens = new Map<string, WeixinToken>();
  readonly weixinRefresh = new Map<string, WeixinRefresh>();
  /** WeCom tokens by token; gettoken answers a corp's live token again while it is valid. */
  readonly wecomTokens = new Map<string, WecomToken>();
  readonly userTickets = new Map<string, { identityKey: string; expires: number }>();
  private waiterCount = 0;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number) {}

  /**
   * Forgets what expired, at most once a second (every lookup checks expiry itself, so a
   * sweep only frees memory; sweeping on every call would make a burst quadratic).
   */
  sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, session] of this.sessions) {
      if (session.expires <= now) {
        this.sessions.delete(key);
        this.wake(session);
      }
    }
    for (const map of [this.codes, this.weixinRefresh, this.userTickets]) {
      for (const [key, entry] of map) if (entry.expires <= now) map.delete(key);
    }
    for (const map of [this.weixinTokens, this.wecomTokens]) {
      for (const [key, entry] of map) {
        if (entry.expires + EXPIRED_TOKEN_MEMORY_MS <= now) map.delete(key);
      }
    }
  }

  /** A new QR session, or undefined when too many are open (the page answers "busy"). */
  openSession(fields: Omit<QrSession, 'uuid' | 'status' | 'expires' | 'waiters'>) {
    this.sweep();
    if (this.sessions.size >= STANDIN_LIMITS.qrSessions) return undefined;
    const session: QrSession = {
      ...fields,
      uuid: randomToken(12),
      status: 'waiting',
      expires: this.now() + STANDIN_TTL.qrSessionMs,
      waiters: new Set(),
    };
    this.sessions.set(session.uuid, session);
    return session;
  }

  /** A live session (not expired), or undefined. */
  session(uuid: string | undefined): QrSession | undefined {
    if (uuid === undefined) return undefined;
    const session = this.sessions.get(uuid);
    if (!session || session.expires <= this.now()) return undefined;
    return session;
  }

  statusOf(session: QrSession | undefined): QrStatusCode {
    if (!session || session.expires <= this.now()) return QR_STATUS.expired;
    return QR_STATUS[session.status];
  }

  /** Moves a session on and wakes every long poll waiting on it. */
  update(session: QrSession, change: Partial<Pick<QrSession, 'status' | 'code'>>): void {
    Object.assign(session, change);
    this.wake(session);
  }

  private wake(session: QrSession): void {
    for (const wake of [...session.waiters]) wake();
  }

  /**
   * Waits until the session changes or `holdMs` passes (a long poll). Answers at once when
   * too many requests already wait, so a flood of polls cannot pile up.
   */
  async waitForChange(session: QrSession, holdMs: number): Promise<void> {
    if (
      holdMs <= 0 ||
      session.waiters.size >= STANDIN_LIMITS.waitersPerSession ||
      this.waiterCount >= STANDIN_LIMITS.waiters
    ) {
      return;
    }
    this.waiterCount += 1;
    try {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          session.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, holdMs);
        session.waiters.add(done);
      });
    } finally {
      this.waiterCount -= 1;
    }
  }

  /** Ends every long poll (the server is closing). */
  wakeAll(): void {
    for (const session of this.sessions.values()) this.wake(session);
  }

  issueCode(fields: Omit<AuthCode, 'expires' | 'used'>): string {
    this.sweep();
    const code = randomToken(24);
    boundedSet(
      this.codes,
      code,
      { ...fields, expires: this.now() + STANDIN_TTL.codeMs, used: false },
      STANDIN_LIMITS.codes,
    );
    return code;
  }

  issueWeixinToken(fields: Omit<WeixinToken, 'expires'>): {
    accessToken: string;
    refreshToken: string;
  } {
    this.sweep();
    const now = this.now();
    const accessToken = randomToken(48);
    const refreshToken = randomToken(48);
    boundedSet(
      this.weixinTokens,
      accessToken,
      { ...fields, expires: now + STANDIN_TTL.accessTokenMs },
      STANDIN_LIMITS.tokens,
    );
    boundedSet(
      this.weixinRefresh,
      refreshToken,
      { appId: fields.appId, accessToken, expires: now + STANDIN_TTL.refreshTokenMs },
      STANDIN_LIMITS.tokens,
    );
    return { accessToken, refreshToken };
  }

  /** The corp's live token, or a new one (as WeCom: the same token until it expires). */
  wecomToken(corpId: string): WecomToken {
    this.sweep();
    const now = this.now();
    for (const entry of this.wecomTokens.values()) {
      if (entry.corpId === corpId && entry.expires > now) return entry;
    }
    const token: WecomToken = {
      corpId,
      token: randomToken(48),
      expires: now + STANDIN_TTL.accessTokenMs,
    };
    boundedSet(this.wecomTokens, token.token, token, STANDIN_LIMITS.tokens);
    return token;
  }

  issueUserTicket(identityKey: string): string {
    const ticket = randomToken(48);
    boundedSet(
      this.userTickets,
      ticket,
      { identityKey, expires: this.now() + STANDIN_TTL.userTicketMs },
      STANDIN_LIMITS.tokens,
    );
    return ticket;
  }
}
