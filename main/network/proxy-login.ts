import type { Logger } from '../logging/log';

/**
 * Proxies that ask for a sign-in (docs/desktop-client.md, "Proxies and certificates"): what the
 * client answers to app 'login' for a proxy. The decision is pure (decideProxyLogin); the
 * controller keeps per-proxy state and talks to the vault and the dialog through deps, so it
 * is tested without Electron. It never loops: saved credentials are tried once, a refused answer
 * asks the user again (at most MAX_REFUSALS times in a row), and after Cancel the proxy is not
 * asked about again until the user navigates or reloads.
 */

export interface ProxyAuth {
  host: string;
  port: number;
  realm: string;
}

export interface ProxyCredentials {
  username: string;
  password: string;
}

/** What the dialog shows. */
export interface ProxyPrompt {
  /** host:port */
  proxy: string;
  realm: string;
  /** The user name to show again after a refusal. */
  username: string;
  /** The proxy refused the last credentials. */
  failed: boolean;
  /** The "remember" box is offered (policy and vault allow it). */
  canSave: boolean;
}

/** What the user typed; null when they cancelled or closed the dialog. */
export type ProxyAnswer = (ProxyCredentials & { remember: boolean }) | null;

export const MAX_REFUSALS = 3;
export const LIMITS = { username: 256, password: 1024 } as const;

/** The vault key of a proxy: its host (lowercase, IPv6 in brackets) and port. */
export function proxyKey(auth: Pick<ProxyAuth, 'host' | 'port'>): string {
  const host = auth.host.toLowerCase();
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${String(auth.port)}`;
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Credentials the dialog may hand to Chromium: strings within limits, a user name given. */
export function isProxyCredentials(value: unknown): value is ProxyCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const { username, password } = value as Record<string, unknown>;
  return (
    typeof username === 'string' &&
    typeof password === 'string' &&
    username.trim() !== '' &&
    username.length <= LIMITS.username &&
    password.length <= LIMITS.password &&
    !hasControlCharacter(username + password)
  );
}

export type ProxyStep =
  { kind: 'use-saved' } | { kind: 'ask'; failed: boolean } | { kind: 'cancel' };

export function decideProxyLogin(input: {
  /** Chromium's firstAuthAttempt: false when the proxy refused what the client answered. */
  firstAttempt: boolean;
  /** Refusals in a row, this one included. */
  refusals: number;
  /** The user cancelled for this proxy (since the last navigation). */
  cancelled: boolean;
  /** Usable saved credentials (saving allowed, not refused since the user last typed). */
  hasSaved: boolean;
}): ProxyStep {
  if (input.cancelled || input.refusals > MAX_REFUSALS) return { kind: 'cancel' };
  if (input.firstAttempt && input.hasSaved) return { kind: 'use-saved' };
  return { kind: 'ask', failed: !input.firstAttempt };
}

export interface ProxyVault {
  load(key: string): Promise<ProxyCredentials | null>;
  save(key: string, credentials: ProxyCredentials): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface ProxyLoginDeps {
  vault: ProxyVault;
  /** False when policy DisableProxyCredentialSaving is set or the vault is unavailable. */
  canSave(): boolean | Promise<boolean>;
  /** Shows the dialog; resolves with the answer when it closes. */
  ask(prompt: ProxyPrompt): Promise<ProxyAnswer>;
  log: Pick<Logger, 'info' | 'warn'>;
}

type Callback = (username?: string, password?: string) => void;

interface ProxyState {
  refusals: number;
  cancelled: boolean;
  savedRefused: boolean;
  /** What the client answered last: a refusal after 'saved' means the saved ones are wrong. */
  lastAnswer: 'saved' | 'typed' | null;
  username: string;
  /** The callbacks waiting for the open dialog. */
  waiting: Callback[] | null;
}

export interface ProxyLogin {
  /** app 'login' with authInfo.isProxy (main/index.ts). */
  handle(auth: ProxyAuth, firstAttempt: boolean, callback: Callback): Promise<void>;
  /** A new top-level navigation: a cancelled proxy may ask again. */
  reset(): void;
}

export function createProxyLogin(deps: ProxyLoginDeps): ProxyLogin {
  const states = new Map<string, ProxyState>();

  async function ask(key: string, auth: ProxyAuth, state: ProxyState, failed: boolean) {
    const canSave = await deps.canSave();
    const answer = await deps
      .ask({ proxy: key, realm: auth.realm, username: state.username, failed, canSave })
      .catch(() => null);
    const waiting = state.waiting ?? [];
    state.waiting = null;
    if (answer === null || !isProxyCredentials(answer)) {
      state.cancelled = true;
      deps.log.info('Proxy sign-in cancelled', { proxy: key });
      for (const callback of waiting) callback();
      return;
    }
    state.username = answer.username;
    state.lastAnswer = 'typed';
    deps.log.info('Proxy sign-in with typed credentials', { proxy: key });
    for (const callback of waiting) callback(answer.username, answer.password);
    const credentials = { username: answer.username, password: answer.password };
    try {
      if (answer.remember && canSave) {
        await deps.vault.save(key, credentials);
        state.savedRefused = false;
      } else {
        await deps.vault.clear(key);
      }
    } catch (error) {
      deps.log.warn('Cannot keep the proxy credentials', { proxy: key, error });
    }
  }

  return {
    async handle(auth, firstAttempt, callback) {
      const key = proxyKey(auth);
      let state = states.get(key);
      if (!state) {
        state = {
          refusals: 0,
          cancelled: false,
          savedRefused: false,
          lastAnswer: null,
          username: '',
          waiting: null,
        };
        states.set(key, state);
      }
      if (state.waiting) {
        state.waiting.push(callback);
        return;
      }
      state.refusals = firstAttempt ? 0 : state.refusals + 1;
      if (!firstAttempt && state.lastAnswer === 'saved') state.savedRefused = true;
      // Reserve the dialog before any await: concurrent requests join it.
      const waiting: Callback[] = [callback];
      state.waiting = waiting;
      const canSave = await deps.canSave();
      let saved: ProxyCredentials | null = null;
      if (!state.savedRefused && !state.cancelled) {
        saved = await deps.vault.load(key).catch(() => null);
        if (saved && !canSave) {
          // Saving was forbidden after the credentials were kept: forget them.
          await deps.vault.clear(key).catch(() => undefined);
          saved = null;
        }
      }
      const step = decideProxyLogin({
        firstAttempt,
        refusals: state.refusals,
        cancelled: state.cancelled,
        hasSaved: saved !== null,
      });
      if (step.kind === 'ask') {
        if (!firstAttempt) deps.log.warn('Proxy refused the credentials', { proxy: key });
        await ask(key, auth, state, step.failed);
        return;
      }
      state.waiting = null;
      if (step.kind === 'use-saved' && saved) {
        state.lastAnswer = 'saved';
        state.username = saved.username;
        deps.log.info('Proxy sign-in with saved credentials', { proxy: key });
        for (const waiter of waiting) waiter(saved.username, saved.password);
        return;
      }
      deps.log.info('Proxy sign-in not asked again', { proxy: key, refusals: state.refusals });
      for (const waiter of waiting) waiter();
    },
    reset() {
      for (const state of states.values()) {
        state.cancelled = false;
        state.refusals = 0;
      }
    },
  };
}
