import type { RememberedLogin } from '../../../../contract/host';
import type { LoginResult } from '../login-result';
import type { SocialCallback } from '../social/social-callback';
import type { TicketApiConfig } from '../ticket-api';

/**
 * The login check of spec §4, in the spec's order 1–10: one function walking an ordered list
 * of steps, each a small strategy that either decides the outcome or passes to the next step.
 */

export type LoginCheckOutcome =
  /** A session already existed (the current-user call answered 200 with data). */
  | { kind: 'logged-in' }
  /** A login happened during the check (query credentials, auto-login, ...). */
  | { kind: 'just-logged-in' }
  /** The check leaves the page (authorisation redirect, binding page, ...). */
  | { kind: 'redirect'; url: string }
  /** Step 10: nobody is logged in. */
  | { kind: 'login-required' }
  /** A login attempt failed with a message to show. */
  | { kind: 'failed'; message: string };

/** Everything the steps may use; the page supplies the real implementations. */
export interface LoginCheckContext {
  url: URL;
  /** The current-user call (spec §4): resolves true only on status 200 with data. */
  fetchCurrentUser(): Promise<boolean>;
  /** Posts a login and interprets the answer (spec §4 login result). */
  login(username: string, password: string): Promise<LoginResult>;
  /** The remembered login of the host (vault or WebCrypto store), or null. */
  loadRememberedLogin(): Promise<RememberedLogin | null>;
  /** The installation's client id (desktop policy or vault; web storage), or null. */
  loadClientId(): Promise<string | null>;
  saveClientId(clientId: string): Promise<void>;
  /** Posts a user-client login (spec §7 login_user_client): true when it succeeded. */
  loginUserClient(clientId: string): Promise<boolean>;
  /**
   * After a failed device login (spec §4 step 2, §8 '设备登录失败！'): schedules the host's
   * logout hook and returns the message to show.
   */
  deviceLoginFailed(): string;
  /** A device login already failed in this browser session: do not try (and loop) again. */
  deviceLoginBlocked(): boolean;
  /** Posts a relogin with an access token handed over in the address (spec §4 step 5). */
  relogin(accessToken: string): Promise<LoginResult>;
  /** The configured ticket exchange (spec §4 step 4), or null when no path is configured. */
  ticketApi: TicketApiConfig | null;
  exchangeTicket(api: TicketApiConfig, ticket: string): Promise<LoginResult>;
  /** Posts the social login of a provider's callback (spec §4 step 6, §7 social/{provider}). */
  socialLogin(callback: SocialCallback): Promise<LoginResult>;
  /**
   * Step 8: inside WeChat or WeCom, the provider's in-app authorisation URL (with a state this
   * browser now holds); null outside them, without a configured provider, or once tried.
   */
  inAppAuthorizeUrl(): Promise<string | null>;
  /** Removes query parameters from the address bar, replacing the history entry (no trace). */
  forgetQuery(names: readonly string[]): void;
  /** This browser's or installation's stable device id (sent with social logins). */
  deviceId: string;
  /** Texts of the check's own failures, in the user's language. */
  messages: { ticketPathMissing: string };
  autoLoginDisabled: boolean;
  storage: {
    isLoggedOut(): boolean;
    autoLoginAttempts(): number;
    setAutoLoginAttempts(count: number): void;
  };
}

export type StepResult = LoginCheckOutcome | 'next';

export interface LoginStep {
  /** The spec's step number and a name, for logs and tests. */
  readonly step: number;
  readonly name: string;
  run(context: LoginCheckContext): Promise<StepResult>;
}

export async function runLoginCheck(
  context: LoginCheckContext,
  steps: readonly LoginStep[],
): Promise<LoginCheckOutcome> {
  for (const step of steps) {
    const result = await step.run(context);
    if (result !== 'next') return result;
  }
  return { kind: 'login-required' };
}
