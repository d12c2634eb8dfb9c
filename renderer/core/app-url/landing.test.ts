import { describe, expect, it } from 'vitest';
import {
  desktopLandingPath,
  landingRoot,
  landingTarget,
  likelyLandingUrl,
  redirectNamePath,
  sameOriginRedirect,
  type LandingInput,
} from './landing';

const teacher = { userType: '2', unitType: '2', unitId: '1001' };
const parent = { userType: '3', unitType: '2', unitId: '1001' };
const area = { userType: '1', unitType: '1', unitId: '2001' };

/** Where the login happens: everything the rules read but the user. */
const loginPage: Omit<LandingInput, 'user'> = {
  device: 'pc',
  isDev: false,
  root: 'pages',
  redirectUri: null,
  currentUrl: 'http://localhost:8080/#/login',
  pcAppUnitIds: [],
};

function input(overrides: Partial<LandingInput> = {}): LandingInput {
  return { user: teacher, ...loginPage, ...overrides };
}

describe('desktop landing page', () => {
  it('sends school users to the pc desktop under the root folder', () => {
    expect(desktopLandingPath(input())).toBe('/pages/base/pc_desktop_all/index.html');
    expect(desktopLandingPath(input({ user: parent }))).toBe(
      '/pages/base/pc_desktop_all/index.html',
    );
    expect(desktopLandingPath(input({ root: 'school' }))).toBe(
      '/school/base/pc_desktop_all/index.html',
    );
  });

  it('sends users of an area unit (unitType 1) to the area desktop', () => {
    expect(desktopLandingPath(input({ user: area }))).toBe(
      '/area/areaBase/pc_areaDesktop_all/index.html',
    );
  });

  it('uses the mobile desktop on h5 and in the native app', () => {
    expect(desktopLandingPath(input({ device: 'h5' }))).toBe(
      '/pages/base/mobile_desktop_all/index.html',
    );
    expect(desktopLandingPath(input({ device: 'app', user: area }))).toBe(
      '/pages/base/mobile_desktop_all/index.html',
    );
  });

  it('uses the development pages in development', () => {
    expect(desktopLandingPath(input({ isDev: true }))).toBe('/pc_desktop_all.html');
    expect(desktopLandingPath(input({ isDev: true, device: 'h5' }))).toBe(
      '/mobile_desktop_all.html',
    );
  });

  it('maps the configured unit ids to the pc_app_tm page', () => {
    expect(desktopLandingPath(input({ pcAppUnitIds: ['1001'] }))).toBe(
      '/pages/base/pc_app_tm/index.html',
    );
    expect(desktopLandingPath(input({ pcAppUnitIds: ['9999'] }))).toBe(
      '/pages/base/pc_desktop_all/index.html',
    );
  });
});

describe('/redirect/{name}', () => {
  it('goes to the tm page for user types 2 and 4 and to spm otherwise', () => {
    expect(redirectNamePath('score', teacher, 'pc')).toBe('/pages/score/pc_score_tm/index.html');
    expect(redirectNamePath('score', { ...teacher, userType: '4' }, 'pc')).toBe(
      '/pages/score/pc_score_tm/index.html',
    );
    expect(redirectNamePath('score', parent, 'pc')).toBe('/pages/score/pc_score_spm/index.html');
    expect(redirectNamePath('score', { ...teacher, userType: '5' }, 'pc')).toBe(
      '/pages/score/pc_score_spm/index.html',
    );
  });

  it('uses mobile_ on mobile', () => {
    expect(redirectNamePath('score', teacher, 'h5')).toBe(
      '/pages/score/mobile_score_tm/index.html',
    );
  });

  it('is taken from the path where the login happened', () => {
    expect(landingTarget(input({ currentUrl: 'http://localhost:8080/redirect/homework' }))).toEqual(
      {
        kind: 'go',
        url: '/pages/homework/pc_homework_tm/index.html',
      },
    );
  });
});

describe('redirect_uri', () => {
  it('takes priority over every other target', () => {
    expect(
      landingTarget(
        input({
          redirectUri: 'http://localhost:8080/pages/x/pc_x_tm/index.html#/a',
          currentUrl: 'http://localhost:8080/redirect/homework',
        }),
      ),
    ).toEqual({ kind: 'go', url: 'http://localhost:8080/pages/x/pc_x_tm/index.html#/a' });
  });

  it('accepts a relative same-origin path', () => {
    expect(
      sameOriginRedirect('/pages/base/pc_desktop_all/index.html', 'http://localhost:8080/#/login'),
    ).toBe('http://localhost:8080/pages/base/pc_desktop_all/index.html');
  });

  it('ignores an off-site or non-http redirect_uri', () => {
    const current = 'http://localhost:8080/#/login';
    expect(sameOriginRedirect('https://evil.example/', current)).toBeNull();
    expect(sameOriginRedirect('//evil.example/x', current)).toBeNull();
    expect(sameOriginRedirect('javascript:alert(1)', current)).toBeNull();
    expect(sameOriginRedirect('http://localhost:9999/', current)).toBeNull();
    expect(sameOriginRedirect('   ', current)).toBeNull();
    expect(landingTarget(input({ redirectUri: 'https://evil.example/' }))).toEqual({
      kind: 'go',
      url: '/pages/base/pc_desktop_all/index.html',
    });
  });
});

describe('settings paths', () => {
  it('are exempt from the post-login redirect', () => {
    expect(
      landingTarget(
        input({
          currentUrl: 'http://localhost:8080/pages/base/pc_desktop_all/index.html#/desktop/setting',
        }),
      ),
    ).toEqual({ kind: 'stay' });
    expect(
      landingTarget(
        input({
          currentUrl:
            'http://localhost:8080/area/areaBase/pc_areaDesktop_all/index.html#/areaDesktop/setting',
        }),
      ),
    ).toEqual({ kind: 'stay' });
  });
});

describe('landingRoot', () => {
  it('is the first segment of a landing path, else the configured root', () => {
    expect(landingRoot('/school/base/pc_desktop_all/index.html')).toBe('school');
    expect(landingRoot('/area/areaBase/pc_areaDesktop_all/index.html')).toBe('area');
    expect(landingRoot('/login')).toBe('pages');
    expect(landingRoot('/')).toBe('pages');
  });
});

describe('likelyLandingUrl (the page the login page prerenders)', () => {
  const page = loginPage;
  const guess = (overrides: Partial<LandingInput> = {}, unit: typeof teacher | null = teacher) =>
    likelyLandingUrl({ ...page, ...overrides, unit });

  it("is the desktop of the login page's unit, or the school desktop while it is unknown", () => {
    expect(guess()).toBe('/pages/base/pc_desktop_all/index.html');
    expect(guess({}, area)).toBe('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(guess({}, null)).toBe('/pages/base/pc_desktop_all/index.html');
    expect(guess({ device: 'h5' })).toBe('/pages/base/mobile_desktop_all/index.html');
  });

  it('is a redirect_uri to a desktop, never one to another page or site', () => {
    expect(guess({ redirectUri: '/pages/base/pc_desktop_all/index.html#/desktop' })).toBe(
      'http://localhost:8080/pages/base/pc_desktop_all/index.html#/desktop',
    );
    // An application's page boots on its own: prerendered, it would call the platform.
    expect(guess({ redirectUri: '/pages/x/pc_x_tm/index.html#/a' })).toBeNull();
    expect(guess({ redirectUri: '/api/uaa/oauth/logout' })).toBeNull();
    expect(guess({ redirectUri: 'https://evil.example/' })).toBe(
      '/pages/base/pc_desktop_all/index.html',
    );
  });

  it('is none in development, whose pages are not the built landing pages', () => {
    expect(guess({ isDev: true })).toBeNull();
  });

  it("is none where the user's type decides (/redirect/{name}) or the page stays (settings)", () => {
    expect(guess({ currentUrl: 'http://localhost:8080/redirect/homework' })).toBeNull();
    expect(
      guess({
        currentUrl: 'http://localhost:8080/pages/base/pc_desktop_all/index.html#/desktop/setting',
      }),
    ).toBeNull();
    expect(guess({ currentUrl: 'not a url' })).toBeNull();
  });

  it("is where every user of the login page's unit lands, whatever the address and device", () => {
    const users = [teacher, parent, area, { userType: '4', unitType: '2', unitId: '1001' }];
    const addresses = [
      'http://localhost:8080/#/login',
      'http://localhost:8080/login?redirect_uri=%2Fpages%2Fa%2Fpc_a_tm%2Findex.html',
      'http://localhost:8080/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html%23%2Fa',
      'http://localhost:8080/redirect/homework',
      'http://localhost:8080/pages/base/pc_desktop_all/index.html#/desktop/setting',
      'http://localhost:8080/school/base/pc_desktop_all/index.html',
    ];
    let checked = 0;
    for (const user of users) {
      for (const currentUrl of addresses) {
        for (const device of ['pc', 'h5', 'app'] as const) {
          const redirectUri = new URL(currentUrl).searchParams.get('redirect_uri');
          const root = landingRoot(new URL(currentUrl).pathname);
          const where = { ...page, currentUrl, device, redirectUri, root };
          const likely = likelyLandingUrl({ ...where, unit: user });
          const target = landingTarget({ ...where, user });
          if (likely === null) continue;
          checked += 1;
          expect(target).toEqual({ kind: 'go', url: likely });
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
