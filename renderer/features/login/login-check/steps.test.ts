import { describe, expect, it } from 'vitest';
import type { RememberedLogin } from '../../../../contract/host';
import type { LoginResult } from '../login-result';
import { runLoginCheck, type LoginCheckContext } from './login-check';
import { queryParam } from '../../../core/hash-route';
import { AUTO_LOGIN_LIMIT, checkStartsWithCurrentUser, LOGIN_STEPS } from './steps';
import { DEFAULT_TICKET_API, type TicketApiConfig } from '../ticket-api';
import type { SocialCallback } from '../social/social-callback';

interface Fake extends LoginCheckContext {
  logins: [string, string][];
  relogins: string[];
  tickets: [TicketApiConfig, string][];
  socialLogins: SocialCallback[];
  forgotten: string[];
  attempts: number;
  clientLogins: string[];
  savedClientId: string | null;
  deviceFailures: number;
}

function context(options: {
  url?: string;
  session?: boolean;
  remembered?: RememberedLogin | null;
  loggedOut?: boolean;
  attempts?: number;
  autoLoginDisabled?: boolean;
  loginResult?: (username: string, password: string) => LoginResult;
  clientId?: string | null;
  clientLoginOk?: boolean;
  deviceBlocked?: boolean;
  ticketApi?: TicketApiConfig | null;
  exchangeResult?: LoginResult;
  inAppUrl?: string | null;
}): Fake {
  let session = options.session ?? false;
  const exchanged = (): LoginResult => {
    const result: LoginResult = options.exchangeResult ?? {
      kind: 'success',
      data: { unitType: '2', unitId: '1001', userType: '2', openid: '', unionid: '' },
    };
    if (result.kind === 'success') session = true;
    return result;
  };
  const fake: Fake = {
    url: new URL(options.url ?? 'http://localhost:8080/pages/base/pc_desktop_all/index.html'),
    logins: [],
    relogins: [],
    tickets: [],
    socialLogins: [],
    forgotten: [],
    attempts: options.attempts ?? 0,
    clientLogins: [],
    savedClientId: options.clientId ?? null,
    deviceFailures: 0,
    loadClientId: () => Promise.resolve(fake.savedClientId),
    saveClientId: (clientId) => {
      fake.savedClientId = clientId;
      return Promise.resolve();
    },
    loginUserClient: (clientId) => {
      fake.clientLogins.push(clientId);
      if (options.clientLoginOk === true) session = true;
      return Promise.resolve(options.clientLoginOk === true);
    },
    deviceLoginFailed: () => {
      fake.deviceFailures += 1;
      return 'device login failed';
    },
    deviceLoginBlocked: () => options.deviceBlocked === true,
    autoLoginDisabled: options.autoLoginDisabled ?? false,
    fetchCurrentUser: () => Promise.resolve(session),
    login(username, password) {
      fake.logins.push([username, password]);
      const result = options.loginResult?.(username, password) ?? {
        kind: 'success',
        data: { unitType: '2', unitId: '1001', userType: '2', openid: '', unionid: '' },
      };
      if (result.kind === 'success') session = true;
      return Promise.resolve(result);
    },
    loadRememberedLogin: () => Promise.resolve(options.remembered ?? null),
    relogin(accessToken) {
      fake.relogins.push(accessToken);
      return Promise.resolve(exchanged());
    },
    ticketApi: options.ticketApi === undefined ? DEFAULT_TICKET_API : options.ticketApi,
    exchangeTicket(api, ticket) {
      fake.tickets.push([api, ticket]);
      return Promise.resolve(exchanged());
    },
    socialLogin(callback) {
      fake.socialLogins.push(callback);
      return Promise.resolve(exchanged());
    },
    inAppAuthorizeUrl: () => Promise.resolve(options.inAppUrl ?? null),
    forgetQuery(names) {
      fake.forgotten.push(...names);
    },
    deviceId: 'device-1',
    messages: { ticketPathMissing: 'no ticket path' },
    storage: {
      isLoggedOut: () => options.loggedOut ?? false,
      autoLoginAttempts: () => fake.attempts,
      setAutoLoginAttempts: (count) => {
        fake.attempts = count;
      },
    },
  };
  return fake;
}

const remembered: RememberedLogin = { remember: true, username: 'teacher01', password: 'Edu@2026' };

describe('login check order', () => {
  it('has the ten steps of the spec in order', () => {
    expect(LOGIN_STEPS.map((step) => step.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('continues when a session exists, without posting a login', async () => {
    const fake = context({ session: true, remembered });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'logged-in' });
    expect(fake.logins).toEqual([]);
  });

  it('requires a login when there is no session and nothing remembered', async () => {
    expect(await runLoginCheck(context({}), LOGIN_STEPS)).toEqual({ kind: 'login-required' });
  });
});

describe('the current-user call started before the check (checkStartsWithCurrentUser)', () => {
  /** The check's calls to the platform, in order. */
  async function platformCalls(options: Parameters<typeof context>[0]): Promise<string[]> {
    const fake = context(options);
    const calls: string[] = [];
    const names = [
      'fetchCurrentUser',
      'login',
      'loginUserClient',
      'relogin',
      'exchangeTicket',
      'socialLogin',
    ] as const;
    for (const name of names) {
      const real = (fake[name] as (...args: unknown[]) => unknown).bind(fake);
      Object.assign(fake, {
        [name]: (...args: unknown[]) => {
          calls.push(name);
          return real(...args);
        },
      });
    }
    await runLoginCheck(fake, LOGIN_STEPS);
    return calls;
  }

  const base = 'http://localhost/pages/base/pc_desktop_all/index.html';
  it.each([
    [base, true],
    [`${base}?lang=en#/apps`, true],
    [`${base}?cid=client-42`, true],
    ['http://localhost/oauth/authorize?client_id=a&state=s&code=c', true],
    [`${base}?username=teacher01&password=x`, false],
    [`${base}#/?username=teacher01&password=x`, false],
    [`${base}?username=teacher01`, true],
    [`${base}?ticket=t-1`, false],
    [`${base}?accessToken=a-1`, false],
    [`${base}?code=c&plat=wechat`, false],
    [`${base}?code=c&plat=not%20a%20provider`, true],
  ])('%s: %s', async (url, early) => {
    expect(checkStartsWithCurrentUser(new URL(url))).toBe(early);
    for (const session of [true, false]) {
      for (const clientId of [null, 'client-7']) {
        const calls = await platformCalls({ url, session, remembered, clientId });
        // Started early, it is the check's first call to the platform whatever else holds;
        // not started, something else may come first (a stored client id still asks first).
        if (early) expect(calls[0]).toBe('fetchCurrentUser');
        else if (clientId === null) expect(calls[0]).not.toBe('fetchCurrentUser');
      }
    }
  });
});

describe('step 2: client id', () => {
  it('logs in with the cid of the query and keeps it for the installation', async () => {
    const fake = context({ url: 'http://localhost/?cid=client-42', clientLoginOk: true });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.clientLogins).toEqual(['client-42']);
    expect(fake.savedClientId).toBe('client-42');
  });

  it('uses the installation client id, and continues when already logged in', async () => {
    const fake = context({ clientId: 'client-7', session: true });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'logged-in' });
    expect(fake.clientLogins).toEqual([]);
  });

  it('reports a failed device login to the host once, and is not retried after that', async () => {
    const failed = context({ clientId: 'client-7' });
    expect(await runLoginCheck(failed, LOGIN_STEPS)).toEqual({
      kind: 'failed',
      message: 'device login failed',
    });
    expect(failed.deviceFailures).toBe(1);
    const blocked = context({ clientId: 'client-7', deviceBlocked: true });
    expect(await runLoginCheck(blocked, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect(blocked.clientLogins).toEqual([]);
  });

  it('does not use the stored client id after an explicit logout', async () => {
    const fake = context({ clientId: 'client-7', loggedOut: true, clientLoginOk: true });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect(fake.clientLogins).toEqual([]);
  });

  it('is skipped without a client id', async () => {
    const fake = context({});
    await runLoginCheck(fake, LOGIN_STEPS);
    expect(fake.clientLogins).toEqual([]);
  });
});

describe('step 3: credentials in the query', () => {
  it('posts them (trimmed username) before looking at the session', async () => {
    const fake = context({
      url: 'http://localhost/?username=%20teacher01%20&password=Edu%402026',
      session: true,
    });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.logins).toEqual([['teacher01', 'Edu@2026']]);
    // Like the access token of step 5, the pair leaves the address bar and history.
    expect(fake.forgotten).toEqual(['username', 'password']);
  });

  it('reads them from the query inside the hash route too', async () => {
    const fake = context({ url: 'http://localhost/#/login?username=a&password=b' });
    await runLoginCheck(fake, LOGIN_STEPS);
    expect(fake.logins).toEqual([['a', 'b']]);
  });

  it('reports a failed login and sends a bind result to the binding page', async () => {
    const failed = context({
      url: 'http://localhost/?username=a&password=b',
      loginResult: () => ({ kind: 'error', message: 'bad' }),
    });
    expect(await runLoginCheck(failed, LOGIN_STEPS)).toEqual({ kind: 'failed', message: 'bad' });
    const bind = context({
      url: 'http://localhost/?username=a&password=b',
      loginResult: () => ({ kind: 'bind', code: 'unbound', openid: 'o', unionid: 'u' }),
    });
    expect(await runLoginCheck(bind, LOGIN_STEPS)).toEqual({
      kind: 'redirect',
      url: '/#/bind/?id=unbound&openid=o&unionid=u&deviceId=',
    });
  });

  it('ignores an incomplete pair', async () => {
    const fake = context({ url: 'http://localhost/?username=a' });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect(fake.logins).toEqual([]);
  });
});

describe('step 1: the authorisation page', () => {
  it('never acts on a partner’s parameters: a signed-out user signs in on the page', async () => {
    const fake = context({
      url: 'http://localhost/authorize?client_id=x&code=c&state=s&ticket=t',
      remembered,
    });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect([fake.tickets, fake.socialLogins, fake.logins]).toEqual([[], [], []]);
  });

  it('continues for a signed-in user', async () => {
    const fake = context({ url: 'http://localhost/authorize?client_id=x', session: true });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'logged-in' });
  });
});

describe('step 4: ticket', () => {
  it('exchanges the ticket on the configured path, and removes it from the address', async () => {
    const api: TicketApiConfig = { path: '/api/x/ticket', method: 'GET', ticketKey: 'st' };
    const fake = context({ url: 'http://localhost/?ticket=T-1', ticketApi: api });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.tickets).toEqual([[api, 'T-1']]);
    expect(fake.forgotten).toEqual(['ticket']);
  });

  it('shows the error toast when no ticket path is configured (spec §8)', async () => {
    const fake = context({ url: 'http://localhost/#/?ticket=T-1', ticketApi: null });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({
      kind: 'failed',
      message: 'no ticket path',
    });
    expect(fake.tickets).toEqual([]);
    expect(fake.forgotten).toEqual(['ticket']);
  });

  it('reports a refused ticket', async () => {
    const fake = context({
      url: 'http://localhost/?ticket=used',
      exchangeResult: { kind: 'error', message: 'ticket used' },
    });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({
      kind: 'failed',
      message: 'ticket used',
    });
  });
});

describe('step 5: access token', () => {
  it('relogs in with it, after removing it from the address', async () => {
    const fake = context({ url: 'http://localhost/?accessToken=%20tok%20' });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.relogins).toEqual(['tok']);
    expect(fake.forgotten).toEqual(['accessToken']);
  });
});

describe('step 6: social callback', () => {
  it('posts code and state of the provider named by plat', async () => {
    const fake = context({ url: 'http://localhost/login/?plat=weixin&code=C&state=S' });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.socialLogins).toEqual([{ provider: 'weixin', code: 'C', token: '', state: 'S' }]);
    expect(fake.forgotten).toEqual(['code', 'token', 'state', 'plat']);
  });

  it('sends an unlinked identity to the binding page with the device id', async () => {
    const fake = context({
      url: 'http://localhost/login/?plat=wecom&code=C&state=S',
      exchangeResult: { kind: 'bind', code: 'social_unbound', openid: 'o', unionid: 'u' },
    });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({
      kind: 'redirect',
      url: '/#/bind/?id=social_unbound&openid=o&unionid=u&deviceId=device-1',
    });
  });

  it('needs a code or token and a state or plat; a provider id must be a plain name', async () => {
    for (const url of [
      'http://localhost/?code=C',
      'http://localhost/?state=S&plat=weixin',
      'http://localhost/?code=C&plat=../../x',
    ]) {
      const fake = context({ url });
      expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
      expect(fake.socialLogins).toEqual([]);
    }
  });
});

describe('step 8: in-app provider', () => {
  it('goes to the in-app authorisation when not logged in', async () => {
    const fake = context({ inAppUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?x' });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({
      kind: 'redirect',
      url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x',
    });
  });

  it('is not needed when a session exists', async () => {
    const fake = context({ session: true, inAppUrl: 'https://x/authorize' });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'logged-in' });
  });
});

describe('step 9: auto-login', () => {
  it('logs in from the remembered record and resets the attempt count', async () => {
    const fake = context({ remembered, attempts: 2 });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'just-logged-in' });
    expect(fake.logins).toEqual([['teacher01', 'Edu@2026']]);
    expect(fake.attempts).toBe(0);
  });

  it('is skipped after an explicit logout', async () => {
    const fake = context({ remembered, loggedOut: true });
    expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect(fake.logins).toEqual([]);
  });

  it('is skipped when the host disables it, or when the record does not ask for it', async () => {
    const disabled = context({ remembered, autoLoginDisabled: true });
    expect(await runLoginCheck(disabled, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    const unchecked = context({ remembered: { ...remembered, remember: false } });
    expect(await runLoginCheck(unchecked, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    expect([...disabled.logins, ...unchecked.logins]).toEqual([]);
  });

  it('is attempted fewer than 4 times, then the user stays logged out', async () => {
    const fake = context({ remembered, loginResult: () => ({ kind: 'error', message: 'bad' }) });
    for (let i = 0; i < AUTO_LOGIN_LIMIT + 2; i += 1) {
      expect(await runLoginCheck(fake, LOGIN_STEPS)).toEqual({ kind: 'login-required' });
    }
    expect(fake.logins).toHaveLength(AUTO_LOGIN_LIMIT);
    expect(fake.attempts).toBe(AUTO_LOGIN_LIMIT);
  });
});

describe('queryParam', () => {
  it('prefers the search part', () => {
    expect(queryParam(new URL('http://h/?a=1#/x?a=2'), 'a')).toBe('1');
    expect(queryParam(new URL('http://h/#/x?a=2'), 'a')).toBe('2');
    expect(queryParam(new URL('http://h/#/x'), 'a')).toBeNull();
  });
});
