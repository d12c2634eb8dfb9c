import { describe, expect, it } from 'vitest';
import {
  appIdPath,
  appPageUrl,
  launchApp,
  rootPath,
  userIdPath,
  type LaunchableApp,
} from './app-url';

const app = (overrides: Partial<LaunchableApp> = {}): LaunchableApp => ({
  code: 'score',
  menuRoute: '',
  serverId: 'score',
  deployPath: '',
  frontUserType: '',
  ...overrides,
});
const teacher = { userType: '2', unitType: '2' };
const parent = { userType: '3', unitType: '2' };
const area = { userType: '1', unitType: '1' };
const pc = { isDev: false, mobile: false, firstLoginPage: false };

describe('id paths', () => {
  it('are spm for user types 1 and 3 and tm for the others', () => {
    expect(['1', '2', '3', '4', '5'].map(userIdPath)).toEqual(['spm', 'tm', 'spm', 'tm', 'tm']);
  });

  it('are pre when the app lists the user type in frontUserType', () => {
    expect(appIdPath('2,4', '2')).toBe('pre');
    expect(appIdPath('2, 4', '4')).toBe('pre');
    expect(appIdPath('2,4', '3')).toBe('spm');
    expect(appIdPath('12', '2')).toBe('tm');
    expect(appIdPath('', '5')).toBe('tm');
  });

  it('deploy area units under area and the others under pages', () => {
    expect(rootPath('1')).toBe('area');
    expect(rootPath('2')).toBe('pages');
  });
});

describe('appPageUrl', () => {
  it('builds root, server id and pc_{code}_{idPath}/index.html', () => {
    expect(appPageUrl(app(), teacher, pc)).toBe('/pages/score/pc_score_tm/index.html');
    expect(appPageUrl(app({ serverId: 'edu' }), parent, pc)).toBe(
      '/pages/edu/pc_score_spm/index.html',
    );
    expect(appPageUrl(app(), area, pc)).toBe('/area/score/pc_score_spm/index.html');
    expect(appPageUrl(app({ frontUserType: '2' }), teacher, pc)).toBe(
      '/pages/score/pc_score_pre/index.html',
    );
  });

  it('prefers the deploy path and trims slashes', () => {
    expect(appPageUrl(app({ deployPath: '/school/' }), teacher, pc)).toBe(
      '/school/score/pc_score_tm/index.html',
    );
  });

  it('uses mobile_ on mobile and the development form in development', () => {
    expect(appPageUrl(app(), teacher, { ...pc, mobile: true })).toBe(
      '/pages/score/mobile_score_tm/index.html',
    );
    expect(appPageUrl(app(), teacher, { ...pc, isDev: true })).toBe('/pc_score_tm.html');
  });

  it('refuses path tricks from the server', () => {
    // A path with '..' is not taken as a page: at most it is a route inside the app's own page.
    const tricked = launchApp(
      app({ menuRoute: '/pages/../admin/pc_x_tm/index.html' }),
      teacher,
      pc,
    );
    expect(tricked.kind === 'navigate' && tricked.url.split('#')[0]).toBe(
      '/pages/score/pc_score_tm/index.html',
    );
    expect(launchApp(app({ code: 'a(b' }), teacher, pc)).toEqual({
      kind: 'rejected',
      reason: 'invalid',
    });
    expect(appPageUrl(app({ serverId: '../admin' }), teacher, pc)).toBeNull();
    expect(appPageUrl(app({ deployPath: 'a/../b' }), teacher, pc)).toBeNull();
    expect(appPageUrl(app({ code: 'x/y' }), teacher, pc)).toBeNull();
  });
});

describe('launchApp', () => {
  it('navigates to the page, with a route menuRoute as the hash', () => {
    expect(launchApp(app(), teacher, pc)).toEqual({
      kind: 'navigate',
      url: '/pages/score/pc_score_tm/index.html',
    });
    expect(launchApp(app({ menuRoute: '/list' }), teacher, pc)).toEqual({
      kind: 'navigate',
      url: '/pages/score/pc_score_tm/index.html#/list',
    });
  });

  it('opens http menu routes in a new window', () => {
    expect(launchApp(app({ menuRoute: 'https://library.example.edu/' }), teacher, pc)).toEqual({
      kind: 'new-window',
      url: 'https://library.example.edu/',
    });
  });

  it('opens the single-sign-on page for haikang and ysy, and does nothing for ykt', () => {
    expect(launchApp(app({ code: 'haikang' }), teacher, pc)).toEqual({
      kind: 'sso',
      provider: 'haikang',
    });
    expect(launchApp(app({ code: 'ysy' }), teacher, pc)).toEqual({ kind: 'sso', provider: 'ysy' });
    expect(launchApp(app({ code: 'ykt' }), teacher, pc)).toEqual({
      kind: 'ignore',
      reason: 'no-action',
    });
  });

  it('ignores desktop and comment on the first login page only', () => {
    const first = { ...pc, firstLoginPage: true };
    expect(launchApp(app({ code: 'desktop' }), teacher, first)).toEqual({
      kind: 'ignore',
      reason: 'first-login-page',
    });
    expect(launchApp(app({ code: 'comment' }), teacher, first).kind).toBe('ignore');
    expect(launchApp(app({ code: 'comment' }), teacher, pc).kind).toBe('navigate');
  });

  it('rejects tm pages for user types 1 and 3', () => {
    const tmPage = app({ menuRoute: '/pages/score/pc_score_tm/index.html' });
    expect(launchApp(tmPage, parent, pc)).toEqual({ kind: 'rejected', reason: 'tm-prefix' });
    expect(launchApp(tmPage, area, pc)).toEqual({ kind: 'rejected', reason: 'tm-prefix' });
    expect(launchApp(tmPage, teacher, pc)).toEqual({
      kind: 'navigate',
      url: '/pages/score/pc_score_tm/index.html',
    });
    expect(
      launchApp(app({ menuRoute: '/pages/score/pc_score_spm/index.html' }), parent, pc).kind,
    ).toBe('navigate');
  });
});
