// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../contract/api-paths';
import { signPayload } from '../../../contract/signature';
import { httpInstance, resetHttpForTests } from '../http/client';
import { configureHttp } from '../http/hooks';
import { createRouteServer, reply, type Route } from '../../../tests/support/route-server';
import { fetchCurrentUser, isLoggedIn, logout, selectChild, useSession } from './session-store';

const testServer = createRouteServer();
const { routes, received } = testServer;
let base = '';

beforeAll(async () => {
  base = await testServer.start();
});

afterAll(() => testServer.stop());

const child = (id: string, status: number) => ({
  id,
  realName: `child ${id}`,
  gradeName: 'g',
  className: 'c',
  status,
  parentId: 'p1',
});

function wireUser(extra: Record<string, unknown> = {}) {
  return {
    userId: 'u1',
    realName: '王老师',
    userType: '2',
    unitType: '2',
    accessToken: 'token-123',
    credentials: 'cred-456',
    chirdenId: '',
    chirdenList: [],
    currentChirden: null,
    campusUnits: '[]',
    sex: 1,
    ...extra,
  };
}

/** /me answering `data`, signed for the request's nonce as the reference server does. */
function meRoute(data: unknown, status = 200): Route {
  return async (req, res) => {
    const header = await signPayload('me', req.query.get('signature') ?? '');
    reply(
      res,
      200,
      { status, message: '', data, code: status === 200 ? 'ok' : 'x', fieldErrors: [] },
      { signature: header },
    );
  };
}

const relogin = vi.fn();
const notify = vi.fn();

beforeEach(() => {
  resetHttpForTests();
  // jsdom would use XHR and cross-origin rules; the core's behaviour is the same on Node's adapter.
  httpInstance.defaults.adapter = 'http';
  httpInstance.defaults.baseURL = base;
  configureHttp({ onReloginRequired: relogin, notify });
  relogin.mockClear();
  notify.mockClear();
  testServer.reset();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ status: 'unknown', user: null });
});

describe('fetchCurrentUser (spec §4: logged in only on 200 with data)', () => {
  it('logs the user in from a signed 200 answer and stores it without secrets', async () => {
    routes.set(`GET ${API.me}`, meRoute(wireUser()));
    const user = await fetchCurrentUser();
    expect(user?.realName).toBe('王老师');
    expect(useSession.getState()).toMatchObject({ status: 'logged-in', user: { userId: 'u1' } });
    expect(isLoggedIn()).toBe(true);
    expect(useSession.getState().user?.accessToken).toBe('token-123');
    const stored = localStorage.getItem('user') ?? '';
    expect(JSON.parse(stored)).toMatchObject({ userId: 'u1', realName: '王老师' });
    expect(stored).not.toContain('token-123');
    expect(stored).not.toContain('cred-456');
    const [call] = received;
    expect(call?.query.get('signature')).toMatch(/^[0-9a-f]{32}$/);
    expect(call?.query.get('noIntercept')).toBe('true');
  });

  it("picks a parent's current child by the §4 rule", async () => {
    routes.set(
      `GET ${API.me}`,
      meRoute(
        wireUser({
          userType: '3',
          chirdenId: 'c0',
          chirdenList: [child('c0', 0), child('c1', 1), child('c2', 1)],
          currentChirden: child('c0', 0),
        }),
      ),
    );
    const user = await fetchCurrentUser();
    expect(user?.currentChild?.id).toBe('c1');
    expect(user?.childId).toBe('c1');
    expect(user?.childName).toBe('child c1');
    selectChild(child('c2', 1));
    expect(useSession.getState().user?.childId).toBe('c2');
    expect(sessionStorage.getItem('childId')).toBe('c2');
  });

  it.each([
    ['a non-200 status', meRoute(null, 401)],
    ['200 without data', meRoute(null)],
    ['data without a userId', meRoute({ realName: 'x' })],
    [
      'an HTTP error',
      ((_req, res) => {
        reply(res, 500, {});
      }) satisfies Route,
    ],
  ])('leaves the user logged out on %s, without a toast', async (_name, route) => {
    localStorage.setItem('user', '{"userId":"old"}');
    localStorage.setItem('AUTO_LOGIN_NUM', '2');
    routes.set(`GET ${API.me}`, route);
    expect(await fetchCurrentUser()).toBeNull();
    expect(useSession.getState()).toMatchObject({ status: 'logged-out', user: null });
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
    // Not an explicit logout: auto-login (§4 step 9) must stay possible.
    expect(localStorage.getItem('IS_LOGOUTED')).toBeNull();
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).toBe('2');
    expect(notify).not.toHaveBeenCalled();
  });

  it('tries the refresh on 401 and asks for re-login only when told to', async () => {
    routes.set(`GET ${API.me}`, (_req, res) => {
      reply(res, 401, {});
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 401, {});
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(received.filter((call) => call.path === API.refresh)).toHaveLength(1);
    expect(relogin).not.toHaveBeenCalled();
    expect(await fetchCurrentUser({ reloginOnExpiry: true })).toBeNull();
    expect(relogin).toHaveBeenCalledWith('登录失效，尝试重新登录');
  });

  it('answers each caller with its own options, even while another call is on its way', async () => {
    routes.set(`GET ${API.me}`, (_req, res) => {
      reply(res, 401, {});
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 401, {});
    });
    // The silent check and the caller who wants the re-login dialog ask at the same moment.
    const [silent, asking] = await Promise.all([
      fetchCurrentUser(),
      fetchCurrentUser({ reloginOnExpiry: true }),
    ]);
    expect([silent, asking]).toEqual([null, null]);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(relogin).toHaveBeenCalledWith('登录失效，尝试重新登录');
  });

  it('forces re-login and stays logged out when the signature is wrong', async () => {
    routes.set(`GET ${API.me}`, (_req, res) => {
      reply(
        res,
        200,
        { status: 200, data: wireUser(), message: '', code: 'ok', fieldErrors: [] },
        {
          signature: 'me$0000',
        },
      );
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(useSession.getState().status).toBe('logged-out');
    expect(relogin).toHaveBeenCalledWith('signature');
  });

  it('shares one request between concurrent calls', async () => {
    routes.set(`GET ${API.me}`, meRoute(wireUser()));
    const [a, b] = await Promise.all([fetchCurrentUser(), fetchCurrentUser()]);
    expect(a).toBe(b);
    expect(received).toHaveLength(1);
  });
});

describe('logout (spec §4)', () => {
  function seedStorage(): void {
    for (const [key, value] of Object.entries({
      user: '{"userId":"u1"}',
      _remove_menu: '1',
      _remove_theme: '2',
      AUTO_LOGIN_NUM: '1',
      SHIYUE_PRODUCTCODE: 'base',
      lange_: 'en',
      lang: 'en',
      SY_REMEMBER_PASSWORD: '{"remember":true}',
      keep_remove_: 'not a prefix',
    })) {
      localStorage.setItem(key, value);
    }
    sessionStorage.setItem('theme', 'ink');
    sessionStorage.setItem('PH_MY_SET_LANG', 'en');
    sessionStorage.setItem('childId', 'c1');
  }

  function expectCleared(): void {
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('_remove_menu')).toBeNull();
    expect(localStorage.getItem('_remove_theme')).toBeNull();
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).toBeNull();
    expect(localStorage.getItem('SHIYUE_PRODUCTCODE')).toBeNull();
    expect(localStorage.getItem('IS_LOGOUTED')).toBe('logout');
    expect(sessionStorage.length).toBe(0);
    // Everything else stays: the language choice and the remembered-password record.
    expect(localStorage.getItem('lange_')).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('SY_REMEMBER_PASSWORD')).toBe('{"remember":true}');
    expect(localStorage.getItem('keep_remove_')).toBe('not a prefix');
    expect(localStorage.length).toBe(5);
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', user: null });
  }

  it('posts the logout and clears exactly the keys the spec names', async () => {
    routes.set(`POST ${API.logout}`, (_req, res) => {
      reply(res, 200, { status: 200, data: true, message: '', code: 'ok', fieldErrors: [] });
    });
    routes.set(`GET ${API.me}`, meRoute(wireUser()));
    await fetchCurrentUser();
    seedStorage();
    await logout();
    expect(
      received.filter((call) => call.method === 'POST' && call.path === API.logout),
    ).toHaveLength(1);
    expectCleared();
  });

  it('silently ignores a failing logout call and still clears', async () => {
    seedStorage();
    httpInstance.defaults.baseURL = 'http://127.0.0.1:9';
    await logout();
    expectCleared();
    expect(notify).not.toHaveBeenCalled();
    expect(relogin).not.toHaveBeenCalled();
  });

  it('never refreshes for the logout call', async () => {
    routes.set(`POST ${API.logout}`, (_req, res) => {
      reply(res, 401, {});
    });
    seedStorage();
    await logout();
    expect(received.some((call) => call.path === API.refresh)).toBe(false);
    expectCleared();
  });
});
