import { queryParam } from '../../../core/hash-route';
import type { LoginResult } from '../login-result';
import { bindingPageUrl } from '../login-result';
import type { LoginCheckContext, LoginStep, StepResult } from './login-check';

/** Auto-login is attempted fewer than this many times (spec §4 step 9, §9). */
export const AUTO_LOGIN_LIMIT = 4;

/** Steps that come with the single-sign-on issue keep their slot and pass for now. */
function reservedStep(step: number, name: string): LoginStep {
  return { step, name, run: () => Promise.resolve('next') };
}

function afterLogin(result: LoginResult): Promise<StepResult> | StepResult {
  switch (result.kind) {
    case 'success':
      return { kind: 'just-logged-in' };
    case 'bind':
      return { kind: 'redirect', url: bindingPageUrl(result) };
    case 'error':
      return { kind: 'failed', message: result.message };
  }
}

/** 3. A username and password in the query are posted as a login. */
export const queryCredentialsStep: LoginStep = {
  step: 3,
  name: 'query-credentials',
  async run(context) {
    const username = queryParam(context.url, 'username')?.trim() ?? '';
    const password = queryParam(context.url, 'password') ?? '';
    if (username === '' || password === '') return 'next';
    return afterLogin(await context.login(username, password));
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

/** The login check in the spec's order. */
export const LOGIN_STEPS: readonly LoginStep[] = [
  reservedStep(1, 'authorize'),
  clientIdStep,
  queryCredentialsStep,
  reservedStep(4, 'ticket'),
  reservedStep(5, 'access-token'),
  reservedStep(6, 'social'),
  alreadyLoggedInStep,
  reservedStep(8, 'in-app-provider'),
  autoLoginStep,
  loginRequiredStep,
];
