/**
 * The floor of "sign in → desktop icons": bare pages served by the same server, with
 * no framework, that make the app's three calls (login → me → my_app_icon) and draw the same
 * icons. Like the app, the login page hands over to a separate landing page (spec §2: the login
 * page sends the user to pc_desktop_all/index.html), so the floor includes that navigation.
 * Mounted by tests/bench/run.ts on the bench's server only, never by the product server.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, DESKTOP_API } from '../../contract/api-paths';
import { APP_ICON_TIMING } from '../../contract/web-build';

export const FLOOR_PATHS = {
  login: '/bench/floor/login.html',
  desktop: '/bench/floor/desktop.html',
  script: '/bench/floor/floor.js',
} as const;

/** The same labels the app's page has, so one locator waits for both. */
const LOGIN_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="${FLOOR_PATHS.script}"></script></head>
<body><form id="login">
<input name="username" placeholder="请输入账号" autocomplete="username">
<input name="password" type="password" placeholder="请输入密码" autocomplete="current-password">
<button type="submit">登录</button></form></body></html>`;

const DESKTOP_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="${FLOOR_PATHS.script}"></script></head>
<body><section id="apps" aria-label="我的桌面"></section></body></html>`;

/** Both pages' script (a module: deferred, top-level await): the login call and hand-over, then me → my_app_icon → icons drawn. */
const SCRIPT = `
const headers = { 'sy-device': 'pc', 'sy-language': 'zh-CN', accept: 'application/json' };
const form = document.getElementById('login');
if (form) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = new URLSearchParams({
      username: String(data.get('username')),
      password: String(data.get('password')),
    });
    const answer = await (await fetch(${JSON.stringify(API.login)}, {
      method: 'POST', headers: { ...headers, 'sy-app-code': 'login' }, body,
    })).json();
    if (answer.status === 200) location.assign(${JSON.stringify(FLOOR_PATHS.desktop)});
  });
}
const apps = document.getElementById('apps');
if (apps) {
  const get = async (url) =>
    (await fetch(url, { headers: { ...headers, 'sy-app-code': 'desktop' } })).json();
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0')).join('');
  const me = (await get(${JSON.stringify(API.me)} + '?signature=' + nonce)).data;
  const query = new URLSearchParams({ userId: me.userId, unitId: me.unitId, appType: '1' });
  const categories = (await get(${JSON.stringify(DESKTOP_API.myAppIcon)} + '?' + query)).data;
  for (const category of categories) {
    for (const app of category.iconVMs ?? []) {
      const button = document.createElement('button');
      const img = document.createElement('img');
      img.src = app.iconImg;
      img.alt = '';
      img.width = 64;
      img.height = 64;
      button.append(img, app.name);
      button.setAttribute('elementtiming', ${JSON.stringify(APP_ICON_TIMING)});
      apps.append(button);
    }
  }
}
`;

export function registerSignInFloor(app: FastifyInstance): void {
  const page = (html: string) => (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').send(html);
  app.get(FLOOR_PATHS.login, page(LOGIN_PAGE));
  app.get(FLOOR_PATHS.desktop, page(DESKTOP_PAGE));
  app.get(FLOOR_PATHS.script, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );
}
