import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../contract/api-paths';
import type { UnitLoginConfig } from '../contract/auth';
import type { MenuCategory } from '../contract/desktop';
import { createAdministrator } from './cli/create-admin';
import { loadOptionsFromEnv, type ServerOptions } from './config';
import { DEMO_PARTNER_PATH } from './oauth/oauth-clients-config';
import { PRODUCT_ROOT } from './product-root';
import { SOCIAL_STANDIN_PREFIX, STANDIN_DEMO, STANDIN_PATHS } from './social-standin/index';
import { SSO_DEMO_PATHS } from './sso/sso-routes';
import { runMain } from './testing/run-main';
import {
  createTestApp,
  DEMO_PASSWORD,
  login,
  TEST_PASSWORD_COST,
  type TestApp,
} from './testing/test-app';

const HTTPS_ORIGIN = 'https://edu.example.org';
const HSTS = 'max-age=31536000; includeSubDomains';
const ADMIN_PASSWORD = 'Correct-Horse-Battery-2026';

/** The mode's options as server/main.ts gets them from its environment (no data folder). */
function fromEnv(env: Record<string, string>): Partial<ServerOptions> {
  const options = loadOptionsFromEnv(env);
  return {
    mode: options.mode,
    secureCookies: options.secureCookies,
    ...(options.publicOrigin === undefined ? {} : { publicOrigin: options.publicOrigin }),
    ...(options.socialStandins === undefined ? {} : { socialStandins: options.socialStandins }),
    ...(options.socialProviderBases === undefined
      ? {}
      : { socialProviderBases: options.socialProviderBases }),
  };
}

function production(env: Record<string, string> = {}): Partial<ServerOptions> {
  return fromEnv({ EDUDESK_MODE: 'production', EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN, ...env });
}

/** Rows of some tables of the app's database, read beside the running server. */
async function count(t: TestApp, table: string): Promise<number> {
  const db = await t.database();
  return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0;
}

/** The unit a production database starts with: the one create-admin names and creates. */
const UNIT_NAME = '明德中学';

async function addAdministrator(t: TestApp, username = 'admin'): Promise<void> {
  await createAdministrator(
    await t.database(),
    { unitId: 1001, username, password: ADMIN_PASSWORD, unitName: UNIT_NAME },
    { passwordCost: TEST_PASSWORD_COST, now: t.clock.now },
  );
}

function openQrPage(t: TestApp): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `${STANDIN_PATHS.qrConnect}?${new URLSearchParams({
      appid: STANDIN_DEMO.weixinApps[0]?.appId ?? '',
      redirect_uri: 'http://localhost/#/login',
      scope: 'snsapi_login',
      state: 's',
    }).toString()}`,
    headers: { host: 'localhost' },
  });
}

/** The stand-in routes the app registered (server/http/route-catalogue.ts). */
function standinRoutes(t: TestApp): string[] {
  return t.app.routeCatalogue
    .map((route) => route.url)
    .filter((url) => url.startsWith(`${SOCIAL_STANDIN_PREFIX}/`));
}

function socialInfo(t: TestApp): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: API.socialInfo, headers: { host: 'localhost' } });
}

/** Configures a provider of `kind` for unit 1001, as an operator would in the database. */
async function addProvider(t: TestApp, kind: 'weixin' | 'wecom'): Promise<void> {
  await (
    await t.database()
  ).run(
    `INSERT INTO social_providers (unit_id, provider_id, kind, app_id, app_secret, agent_id,
       name, logo, sort) VALUES (1001, ?, ?, 'wx-app', 'a-real-secret', '1000002', ?, '', 1)`,
    [kind, kind, kind],
  );
}

/** The partner single-sign-on a signed-in user meets: its targets, its pages, its icons. */
async function partnerSignOn(
  t: TestApp,
  username: string,
  password: string,
): Promise<{ targets: { url: string }[]; icons: string[]; haikang: string; ysy: string }> {
  const signedIn = await login(t.app, { username, password, host: 'localhost' });
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, host: 'localhost' };
  const targets = (await t.app.inject({ url: API.ssoLoginUrl, headers })).json<{
    data: { url: string }[];
  }>().data;
  const db = await t.database();
  const userId = (
    await db.get<{ id: number }>('SELECT id FROM users WHERE login_name = ?', [username])
  )?.id;
  const categories = (
    await t.app.inject({
      url: `${DESKTOP_API.myAppIcon}?userId=${String(userId)}&unitId=1001&appType=1`,
      headers,
    })
  ).json<{ data: MenuCategory[] }>().data;
  const haikangUrl = targets.find((target) => target.url.includes(SSO_DEMO_PATHS.haikang))?.url;
  const haikang = await t.app.inject({
    url:
      haikangUrl === undefined
        ? `${SSO_DEMO_PATHS.haikang}?ticket=x`
        : new URL(haikangUrl).pathname + new URL(haikangUrl).search,
    headers: { host: 'localhost' },
  });
  const ysy = await t.app.inject({
    method: 'POST',
    url: SSO_DEMO_PATHS.ysy,
    headers: { host: 'localhost', origin: 'http://localhost' },
    payload: {},
  });
  return {
    targets,
    icons: categories.flatMap((category) => category.iconVMs.map((icon) => icon.code)),
    haikang: `${String(haikang.statusCode)} ${haikang.body}`,
    ysy: `${String(ysy.statusCode)} ${ysy.body}`,
  };
}

describe('production mode (EDUDESK_MODE=production)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  async function start(overrides: Partial<ServerOptions>): Promise<TestApp> {
    const t = await createTestApp(overrides);
    apps.push(t);
    return t;
  }

  it('seeds the platform catalogue, but no unit, account, identity link, provider or partner', async () => {
    const t = await start(production());
    expect(await count(t, 'desktop_modules')).toBeGreaterThan(0);
    expect(await count(t, 'menu_resources')).toBeGreaterThan(0);
    for (const table of [
      'units',
      'unit_hosts',
      'unit_login_configs',
      'desktop_apps',
      'module_licences',
      'users',
      'user_roles',
      'user_clients',
      'identity_links',
      'social_providers',
      'social_identities',
      'oauth_clients',
      'notices',
      'desktop_messages',
    ]) {
      expect(await count(t, table), table).toBe(0);
    }
    const response = await login(t.app, { username: 'teacher01', password: DEMO_PASSWORD });
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(response.cookies).toHaveLength(0);
    expect((await t.app.inject({ url: DEMO_PARTNER_PATH })).statusCode).toBe(404);
  });

  it('starts with no unit, answering clearly, and after create-admin shows nothing of the demo', async () => {
    const t = await start(production());
    const config = () =>
      t.app.inject({ url: API.loginConfig, headers: { host: 'edu.example.org' } });
    expect((await config()).json()).toEqual({
      status: 404,
      code: 'not_found',
      message:
        '此地址尚未开通单位，请联系管理员|||No unit is set up at this address yet: please contact your administrator',
      data: null,
      fieldErrors: [],
    });
    const refused = await login(t.app, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      host: 'edu.example.org',
    });
    expect(refused.json()).toMatchObject({ status: 400, code: 'invalid_grant' });

    await addAdministrator(t);
    const page = (await config()).json<{ data: UnitLoginConfig }>().data;
    expect(page).toMatchObject({ unitId: '1001', unitName: UNIT_NAME, footer: '', baContent: '' });
    expect(JSON.parse(page.decorationSet)).toMatchObject({
      footerMsg: { showBaMsg: false, copyright: '', baList: [] },
    });

    const signedIn = await login(t.app, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      host: 'edu.example.org',
    });
    expect(signedIn.json()).toMatchObject({ status: 200 });
    const headers = {
      host: 'edu.example.org',
      cookie: signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    };
    const desktop = async (url: string) => {
      const response = await t.app.inject({ url, headers });
      expect(response.json<{ status: number }>().status, url).toBe(200);
      return response.body;
    };
    expect(JSON.parse(await desktop(`${DESKTOP_API.licenseUnitOam}?unitId=1001`))).toMatchObject({
      data: [],
    });
    expect(
      JSON.parse(await desktop(`${DESKTOP_API.licenseUnit}?unitId=1001&serverId=base`)),
    ).toMatchObject({ data: false });
    const admin = await (
      await t.database()
    ).get<{ id: number }>('SELECT id FROM users WHERE login_name = ?', ['admin']);
    const bodies = [
      JSON.stringify(page),
      await desktop(API.me),
      await desktop(`${DESKTOP_API.myAppIcon}?userId=${String(admin?.id)}&unitId=1001&appType=1`),
      await desktop(`${DESKTOP_API.helpKey}?unitId=1001`),
      await desktop(`${DESKTOP_API.popUpBox}?unitId=1001`),
      await desktop(DESKTOP_API.messagesNotRead),
    ].join('\n');
    expect(bodies).toContain(UNIT_NAME);
    expect(bodies).toContain('"code":"tzgg"');
    for (const demo of [
      '阳光实验小学',
      'Sunshine',
      '滨江',
      'ICP备',
      '公网安备',
      'ygsy',
      'example.edu',
    ]) {
      expect(bodies, demo).not.toContain(demo);
    }
  });

  it('mounts no stand-in provider and offers no third-party sign-in', async () => {
    const t = await start(production());
    expect(standinRoutes(t)).toEqual([]);
    // The path falls through to the web build (absent here), not to a stand-in's QR page.
    expect((await openQrPage(t)).statusCode).not.toBe(200);
    expect((await socialInfo(t)).json()).toMatchObject({ status: 200, data: [] });
  });

  it('mounts the stand-ins when EDUDESK_SOCIAL_STANDINS=on', async () => {
    const t = await start(production({ EDUDESK_SOCIAL_STANDINS: 'on' }));
    expect(standinRoutes(t)).toContain(STANDIN_PATHS.qrConnect);
    expect((await openQrPage(t)).statusCode).toBe(200);
  });

  it('offers a configured provider only when its hosts are set, and refuses the others clearly', async () => {
    const t = await start(
      production({
        EDUDESK_WEIXIN_OPEN_ORIGIN: 'https://open.weixin.qq.com',
        EDUDESK_WEIXIN_API_ORIGIN: 'https://api.weixin.qq.com',
      }),
    );
    await addAdministrator(t);
    await addProvider(t, 'weixin');
    await addProvider(t, 'wecom');
    const info = (await socialInfo(t)).json<{ data: { providerId: string }[] }>();
    expect(info.data.map((provider) => provider.providerId)).toEqual(['weixin']);
    const state = await t.app.inject({
      method: 'POST',
      url: API.socialState,
      headers: { host: 'localhost' },
      payload: { providerId: 'wecom' },
    });
    expect(state.json()).toMatchObject({
      status: 404,
      code: 'social_provider_unknown',
      message: '本单位未配置该第三方登录方式|||This sign-in method is not configured for your unit',
    });
    expect(standinRoutes(t)).toEqual([]);
  });

  it('mounts no partner single-sign-on page, offers none and hides their icons', async () => {
    const t = await start(production());
    await addAdministrator(t);
    const partners = await partnerSignOn(t, 'admin', ADMIN_PASSWORD);
    // Not a partner's page: the path falls through to the web build (absent here).
    for (const page of [partners.haikang, partners.ysy]) {
      expect(page).not.toMatch(/^200 /);
      expect(page).not.toContain('已登录');
    }
    expect(partners.targets).toEqual([]);
    expect(partners.icons.length).toBeGreaterThan(0);
    expect(partners.icons).not.toContain('haikang');
    expect(partners.icons).not.toContain('ysy');
    expect(t.app.routeCatalogue.map((route) => route.url)).not.toContain(SSO_DEMO_PATHS.haikang);
  });

  it('sends HSTS and Secure cookies when the public origin is https', async () => {
    const t = await start(production());
    await addAdministrator(t);
    const response = await login(t.app, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      host: 'localhost',
    });
    expect(response.json()).toMatchObject({ status: 200 });
    expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(response.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBe(true);
    const page = await t.app.inject({ url: '/login', headers: { host: 'localhost' } });
    expect(page.headers['strict-transport-security']).toBe(HSTS);
  });

  it('sends neither over a plain http public origin', async () => {
    const t = await start(production({ EDUDESK_PUBLIC_ORIGIN: 'http://edu.example.org' }));
    await addAdministrator(t);
    const response = await login(t.app, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      host: 'localhost',
    });
    expect(response.json()).toMatchObject({ status: 200 });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
  });
});

describe('demo mode (the default) stays as it was', () => {
  it('sends no HSTS even with an https public origin, and keeps the stand-ins', async () => {
    const t = await createTestApp(fromEnv({ EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN }));
    try {
      const response = await login(t.app, { username: 'teacher01' });
      expect(response.json()).toMatchObject({ status: 200 });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
      expect((await openQrPage(t)).statusCode).toBe(200);
      expect((await socialInfo(t)).json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
      const partners = await partnerSignOn(t, 'teacher01', DEMO_PASSWORD);
      expect(partners.targets).toHaveLength(2);
      expect(partners.haikang).toMatch(/^200 .*已登录：teacher01/s);
      expect(partners.icons).toEqual(expect.arrayContaining(['haikang', 'ysy']));
    } finally {
      await t.close();
    }
  });
});

describe('server/main.ts in production mode', () => {
  it('refuses to start without EDUDESK_PUBLIC_ORIGIN, saying why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-production-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: PRODUCT_ROOT,
        env: {
          ...process.env,
          EDUDESK_MODE: 'production',
          EDUDESK_PUBLIC_ORIGIN: '',
          EDUDESK_DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          EDUDESK_LOG: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (data: Buffer) => {
        stderr += data.toString();
      });
      // A server that starts anyway is stopped, and the test fails on its exit code.
      child.stdout.on('data', (data: Buffer) => {
        stdout += data.toString();
        if (stdout.includes('listening')) child.kill();
      });
      const code = await new Promise<number | null>((resolve) => {
        child.once('exit', resolve);
      });
      expect(stdout).not.toContain('listening');
      expect(code).toBe(1);
      expect(stderr).toContain(
        'EduDesk reference server failed to start: EDUDESK_PUBLIC_ORIGIN is required in production mode',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('server/main.ts starting in production', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  function folder(): string {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-start-'));
    folders.push(made);
    return made;
  }
  const productionEnv = (dataDir: string) => ({
    EDUDESK_MODE: 'production',
    EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN,
    EDUDESK_DATA_DIR: dataDir,
    EDUDESK_LOG: '1',
  });

  it('starts behind a plain http public origin, warning that cookies are not Secure', async () => {
    const run = await runMain({
      ...productionEnv(path.join(folder(), 'data')),
      EDUDESK_PUBLIC_ORIGIN: 'http://edu.example.org',
    });
    expect(run.listening, run.stderr).toBe(true);
    const warning = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.msg.includes('not Secure'));
    expect(warning, run.stdout).toBeDefined();
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('EDUDESK_PUBLIC_ORIGIN');
  });

  it('says nothing of the kind behind https', async () => {
    const run = await runMain(productionEnv(path.join(folder(), 'data')));
    expect(run.listening, run.stderr).toBe(true);
    expect(run.stdout).not.toContain('not Secure');
  });

  it('refuses a data folder that is a file, saying so, and exits non-zero', async () => {
    const file = path.join(folder(), 'data');
    fs.writeFileSync(file, '');
    const run = await runMain(productionEnv(file));
    expect(run.listening).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `EduDesk reference server failed to start: the data folder ${file} (EDUDESK_DATA_DIR) ` +
        'cannot be used: it is a file, not a folder.',
    );
  });

  it('refuses a files folder that is a file', async () => {
    const parent = folder();
    const file = path.join(parent, 'files');
    fs.writeFileSync(file, '');
    const run = await runMain({
      ...productionEnv(path.join(parent, 'data')),
      EDUDESK_FILES_DIR: file,
    });
    expect(run.listening).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the files folder ${file} (EDUDESK_FILES_DIR) cannot be used`);
  });

  it('refuses a data folder it may not write to, saying so, and exits non-zero', async () => {
    const parent = folder();
    const dataDir = path.join(parent, 'data');
    fs.mkdirSync(dataDir);
    fs.chmodSync(parent, 0o755);
    fs.chmodSync(dataDir, 0o555);
    // Root writes anywhere: the server then runs as nobody, as a service account would.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const run = await runMain(productionEnv(dataDir), asNobody);
    expect(run.listening).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `failed to start: the data folder ${dataDir} \\(EDUDESK_DATA_DIR\\) cannot be used: ` +
          'this user \\(uid \\d+\\) may not write to it \\(permission denied\\)',
      ),
    );
  });
});
