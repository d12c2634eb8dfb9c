// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import { HEADER_APP_CODE, HEADER_LANGUAGE } from '../../contract/http-headers';
import { signPayload } from '../../contract/signature';
import { httpInstance, resetHttpForTests } from '../core/http/client';
import { fetchCurrentUser, takeCurrentUser, useSession } from '../core/session/session-store';
import { LOCAL_KEYS } from '../core/storage-keys';
import { queryCache } from '../core/query/query-cache';
import { myAppsQuery } from '../features/menu/index';
import { answerOk, createRouteServer, okEnvelope, reply } from '../../tests/support/route-server';
import { startEarlyCalls } from './early-calls';

const testServer = createRouteServer();
const { routes, received } = testServer;

beforeAll(async () => {
  const base = await testServer.start();
  resetHttpForTests();
  // jsdom would use XHR and cross-origin rules; the client's behaviour is the same on Node's.
  httpInstance.defaults.adapter = 'http';
  httpInstance.defaults.baseURL = base;
});

afterAll(() => testServer.stop());

const CATEGORIES = [{ code: 'ZDYYYFL-JWGL', name: '教务管理', iconVMs: [] }];

beforeEach(() => {
  testServer.reset();
  localStorage.clear();
  queryCache.clear();
  useSession.setState({ status: 'unknown', user: null });
  routes.set(`GET ${API.me}`, async (request, response) => {
    const signature = await signPayload('me', request.query.get('signature') ?? '');
    const user = { userId: 'u1', unitId: 'unit-9', realName: '王老师', userType: '2' };
    reply(response, 200, okEnvelope(user), { signature });
  });
  routes.set(`GET ${DESKTOP_API.myAppIcon}`, answerOk(CATEGORIES));
});

const desktop = 'http://localhost/pages/base/pc_desktop_all/index.html';
const calls = (path: string) => received.filter((call) => call.path === path);

describe('startEarlyCalls (the first calls leave before React is evaluated)', () => {
  it.each([
    ['desktop', `${desktop}#/apps`],
    ['mobileDesktop', 'http://localhost/pages/base/mobile_desktop_all/index.html'],
  ])(
    'starts the current-user call in the page’s language and app code (%s), then the icons',
    async (appCode, href) => {
      localStorage.setItem(LOCAL_KEYS.chosenLanguage, 'en');
      startEarlyCalls(href);
      expect(useSession.getState().status).toBe('checking');
      // The login check takes that call's answer: no second current-user call.
      expect((await takeCurrentUser())?.userId).toBe('u1');
      expect(calls(API.me)).toHaveLength(1);
      const [me] = calls(API.me);
      expect(me?.headers[HEADER_LANGUAGE]).toBe('en');
      expect(me?.headers[HEADER_APP_CODE]).toBe(appCode);
      // The icons left the moment the user was known, for that user and unit.
      await queryCache.settled(myAppsQuery('u1', 'unit-9'), 5_000);
      const [icons] = calls(DESKTOP_API.myAppIcon);
      expect(icons?.query.get('userId')).toBe('u1');
      expect(icons?.query.get('unitId')).toBe('unit-9');
      expect(queryCache.getData(myAppsQuery('u1', 'unit-9'))).toHaveLength(1);
      // Handed over, not kept: any other current-user call asks again.
      expect((await fetchCurrentUser())?.userId).toBe('u1');
      expect(calls(API.me)).toHaveLength(2);
    },
  );

  it('hands over only a signed-in user: after a "nobody" answer the next ask calls again', async () => {
    let signedIn = false;
    routes.set(`GET ${API.me}`, async (request, response) => {
      if (!signedIn) {
        reply(response, 200, { status: 500, message: 'no session', code: 'e', data: null });
        return;
      }
      const signature = await signPayload('me', request.query.get('signature') ?? '');
      const user = { userId: 'u1', unitId: 'unit-9', realName: '王老师', userType: '2' };
      reply(response, 200, okEnvelope(user), { signature });
    });
    startEarlyCalls(`${desktop}#/apps`);
    expect(await takeCurrentUser()).toBeNull();
    // The check signs the user in (a ticket, auto-login) and asks again: a call of its own.
    signedIn = true;
    expect((await takeCurrentUser())?.userId).toBe('u1');
    expect(calls(API.me)).toHaveLength(2);
    // A signed-in answer is handed over while fresh.
    expect((await takeCurrentUser())?.userId).toBe('u1');
    expect(calls(API.me)).toHaveLength(2);
  });

  it.each([
    ['an address that logs in first (a ticket)', `${desktop}?ticket=t-1`],
    ['the login page (not every route runs the check)', 'http://localhost/login'],
    ['the binding page', 'http://localhost/pages/login/pc_bind_all/index.html'],
  ])('starts nothing on %s', (_name, href) => {
    startEarlyCalls(href);
    // A current-user call marks the session 'checking' as it starts.
    expect(useSession.getState().status).toBe('unknown');
  });
});
