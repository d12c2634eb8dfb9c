import { queryParam } from '../../../core/hash-route';
import type { LoginResult } from '../login-result';
import { bindingPageUrl } from '../login-result';
import { readSocialCallback, SOCIAL_CALLBACK_PARAMS } from '../social/social-callback';
import { socialProviderOfState } from '../social/social-state';
import type { LoginCheckContext, LoginStep, StepResult } from './login-check';

/** Auto-login is attempted fewer than this many times (spec §4 step 9, §9). */
export const AUTO_LOGIN_LIMIT = 4;

function afterLogin(result: LoginResult, deviceId = ''): StepResult {
  switch (result.kind) {
    case 'success':
      return { kind: 'just-logged-in' };
    case 'bind':
      return { kind: 'redirect', url: bindingPageUrl(result, deviceId) };
    case 'error':
      return { kind: 'failed', message: result.message };
  }
}

/** The spec's authorisation page path rule (§2: any path containing authorize). */
export function isAuthorizePath(url: URL): boolean {
  return /authorize/i.test(url.pathname) || /authorize/i.test(url.hash.split('?')[0] ?? '');
}

/**
 * 1. The authorisation page posts for the code itself once the user has decided (Allow or Deny,
 * docs/oauth.md); the check only makes sure nothing below (tickets, social callbacks, auto-login)
 * acts on a partner's parameters there: a signed-in user sees the page, anyone else signs in on it.
 */
export const authorizeStep: LoginStep = {
  step: 1,
  name: 'authorize',
  async run(context) {
    if (!isAuthorizePath(context.url)) return 'next';
    return (await context.fetchCurrentUser()) ? { kind: 'logged-in' } : { kind: 'login-required' };
  },
};

/** The username and password of the query (step 3), or null without a complete pair. */
function queryCredentials(url: URL): { username: string; password: string } | null {
  const username = queryParam(url, 'username')?.trim() ?? '';
  const password = queryParam(url, 'password') ?? '';
  return username === '' || password === '' ? null : { username, password };
}

/** A trimmed query parameter, '' when absent. */
function queryText(url: URL, name: string): string {
  return queryParam(url, name)?.trim() ?? '';
}

/**
 * 3. A username and password in the query are posted as a login. Like the access token of step
 * 5, they leave the address bar and history before the login is posted.
 */
export const queryCredentialsStep: LoginStep = {
  step: 3,
  name: 'query-credentials',
  async run(context) {
    const credentials = queryCredentials(context.url);
    if (credentials === null) return 'next';
    context.forgetQuery(['username', 'password']);
    return afterLogin(await context.login(credentials.username, credentials.password));
  },
};

/**
 * 2. A client id (cid) in the query, or the installation's: when already logged in, continue;
 * otherwise post a user-client login, and on failure hand over to the host's logout hook.
 */
export const clientIdStep: LoginStep = {
  step: 2,
  name: 'client-id',
  async run(context) {
    const fromQuery = queryParam(context.url, 'cid')?.trim() ?? '';
    if (fromQuery !== '') await context.saveClientId(fromQuery).catch(() => undefined);
    // After an explicit logout only a client id given in the address signs in again.
    if (fromQuery === '' && context.storage.isLoggedOut()) return 'next';
    const clientId = fromQuery !== '' ? fromQuery : await context.loadClientId();
    if (clientId === null || clientId === '' || context.deviceLoginBlocked()) return 'next';
    if (await context.fetchCurrentUser()) return { kind: 'logged-in' };
    if (await context.loginUserClient(clientId)) return { kind: 'just-logged-in' };
    return { kind: 'failed', message: context.deviceLoginFailed() };
  },
};

/**
 * 4. A ticket in the query is exchanged on the configured path with the configured method; with
 * no path configured the check fails with the §8 error toast. The ticket leaves the address
 * either way: it is single-use and must not stay in history.
 */
export const ticketStep: LoginStep = {
  step: 4,
  name: 'ticket',
  async run(context) {
    const ticket = queryText(context.url, 'ticket');
    if (ticket === '') return 'next';
    context.forgetQuery(['ticket']);
    const api = context.ticketApi;
    if (api === null) return { kind: 'failed', message: context.messages.ticketPathMissing };
    return afterLogin(await context.exchangeTicket(api, ticket));
  },
};

/**
 * 5. An access token in the query buys this page a session of its own (relogin). The token is
 * removed from the address bar and from history before anything else happens.
 */
export const accessTokenStep: LoginStep = {
  step: 5,
  name: 'access-token',
  async run(context) {
    const accessToken = queryText(context.url, 'accessToken');
    if (accessToken === '') return 'next';
    context.forgetQuery(['accessToken']);
    return afterLogin(await context.relogin(accessToken));
  },
};

/**
 * 6. A code or token with a state or plat value is a third-party provider's callback: social
 * login. An unlinked identity goes to the binding page; the server refuses a state this
 * browser did not start.
 */
export const socialStep: LoginStep = {
  step: 6,
  name: 'social',
  async run(context) {
    const callback = readSocialCallback(context.url, socialProviderOfState);
    if (!callback) return 'next';
    context.forgetQuery(SOCIAL_CALLBACK_PARAMS);
    return afterLogin(await context.socialLogin(callback), context.deviceId);
  },
};

/**
 * 8. Inside WeChat or WeCom, fetch the provider info and go to its in-app authorisation, which
 * comes back with a code (step 6) without the user typing anything.
 */
export const inAppProviderStep: LoginStep = {
  step: 8,
  name: 'in-app-provider',
  async run(context) {
    const url = await context.inAppAuthorizeUrl();
    return url === null ? 'next' : { kind: 'redirect', url };
  },
};

/** 7. Already logged in: continue. */
export const alreadyLoggedInStep: LoginStep = {
  step: 7,
  name: 'already-logged-in',
  async run(context) {
    return (await context.fetchCurrentUser()) ? { kind: 'logged-in' } : 'next';
  },
};

/**
 * 9. Auto-login from the remembered credentials: fewer than 4 attempts, skipped after an
 * explicit logout; after 4 tries the state stays logged out. A successful login resets the count.
 */
export const autoLoginStep: LoginStep = {
  step: 9,
  name: 'auto-login',
  async run(context: LoginCheckContext) {
    if (context.autoLoginDisabled || context.storage.isLoggedOut()) return 'next';
    const attempts = context.storage.autoLoginAttempts();
    if (attempts >= AUTO_LOGIN_LIMIT) return 'next';
    const remembered = await context.loadRememberedLogin();
    if (!remembered?.remember || remembered.username === '' || remembered.password === '') {
      return 'next';
    }
    context.storage.setAutoLoginAttempts(attempts + 1);
    const result = await context.login(remembered.username, remembered.password);
    if (result.kind !== 'success') return 'next';
    context.storage.setAutoLoginAttempts(0);
    return { kind: 'just-logged-in' };
  },
};

/** 10. Nobody is logged in: the page sends the user to the login page or shows the login box. */
export const loginRequiredStep: LoginStep = {
  step: 10,
  name: 'login-required',
  run: () => Promise.resolve({ kind: 'login-required' }),
};

/**
 * True when nothing in this address logs in before the check's first question to the platform,
 * which is then the current-user call: no credentials (step 3), ticket (4), access token (5) or
 * provider callback (6). The steps before them ask for the current user first (1, 2) or pass.
 * The page's boot starts that call before React renders (renderer/boot/early-calls.ts).
 */
export function checkStartsWithCurrentUser(url: URL): boolean {
  return (
    queryCredentials(url) === null &&
    queryText(url, 'ticket') === '' &&
    queryText(url, 'accessToken') === '' &&
    readSocialCallback(url, socialProviderOfState) === undefined
  );
}

/** The login check in the spec's order. */
export const LOGIN_STEPS: readonly LoginStep[] = [
  authorizeStep,
  clientIdStep,
  queryCredentialsStep,
  ticketStep,
  accessTokenStep,
  socialStep,
  alreadyLoggedInStep,
  inAppProviderStep,
  autoLoginStep,
  loginRequiredStep,
];
