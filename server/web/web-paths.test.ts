import { describe, expect, it } from 'vitest';
import { cacheControlFor, classifyWebPath } from './web-paths';

describe('classifyWebPath', () => {
  it.each([
    '/',
    '/index.html',
    '/login',
    '/login/',
    '/forgetPassword',
    '/needtologinpagerelogin',
    '/bind/',
    '/redirect/homework',
  ])('%s is the app', (path) => {
    expect(classifyWebPath(path)).toEqual({ kind: 'spa' });
  });

  it.each([
    ['/pages/base/pc_desktop_all/index.html', 'landing/desktop.html'],
    ['/school/base/pc_app_tm/index.html', 'landing/desktop.html'],
    ['/area/areaBase/pc_areaDesktop_all/index.html', 'landing/desktop.html'],
    ['/pages/base/mobile_desktop_all/index.html', 'landing/mobile-desktop.html'],
    ['/pages/login/pc_bind_all/index.html', undefined],
    ['/pages/x/pc_x_tm/index.html', undefined],
    // Not the desktop (the app shows its login page there): no desktop files.
    ['/pages/other/pc_desktop_all/index.html', undefined],
    ['/pages/base/pc_myFiles_all/index.html', undefined],
  ])('%s is a landing page (page HTML: %s)', (path, pageHtml) => {
    expect(classifyWebPath(path)).toEqual({ kind: 'landing', file: path.slice(1), pageHtml });
  });

  it.each([
    ['/authorize', 'authorize'],
    ['/authorize/', 'authorize'],
    ['/oauth/authorize', 'oauth/authorize'],
    ['/pages/authorize', 'pages/authorize'],
    ['/redirect/authorize', 'redirect/authorize'],
    ['/pages/authorize/pc_x_tm/index.html', 'pages/authorize/pc_x_tm/index.html'],
    // A build file named after the page: served when the build has it.
    ['/assets/authorize-page-abc123.js', 'assets/authorize-page-abc123.js'],
  ])('%s is the authorisation page (spec §2: any path containing authorize)', (path, file) => {
    expect(classifyWebPath(path)).toEqual({ kind: 'authorize', file });
  });

  it('keeps the language files of the authorisation page under its folder', () => {
    expect(classifyWebPath('/authorize/base/lang/en-login.json')).toEqual({
      kind: 'module-lang',
      file: 'modules/base/lang/en-login.json',
      fallback: 'authorize/base/lang/en-login.json',
    });
  });

  it.each(['/../authorize', '/authorize//', '/%2e%2e/authorize/', '/authorize/..%2f'])(
    'refuses the path trick %s, authorize or not',
    (path) => {
      expect(classifyWebPath(path)).toEqual({ kind: 'invalid' });
    },
  );

  it.each(['/redirect/../etc', '/redirect/a/b', '/redirect/a.b'])(
    '%s is not a redirect',
    (path) => {
      expect(classifyWebPath(path).kind).not.toBe('spa');
    },
  );

  it.each([
    '/pages/base/tablet_desktop_all/index.html',
    '/pages/base/pc_desktop/index.html',
    '/pages/base/pc_desktop_all/other.html',
  ])('%s is not a landing page', (path) => {
    expect(classifyWebPath(path).kind).toBe('file');
  });

  it('maps module language files of any root to the build folder', () => {
    expect(classifyWebPath('/pages/base/lang/en-login.json')).toEqual({
      kind: 'module-lang',
      file: 'modules/base/lang/en-login.json',
      fallback: 'pages/base/lang/en-login.json',
    });
    expect(classifyWebPath('/area/areaBase/lang/zh-HK-areaDesktop.json')).toMatchObject({
      file: 'modules/areaBase/lang/zh-HK-areaDesktop.json',
    });
  });

  it('leaves the shared language file to plain static serving', () => {
    expect(classifyWebPath('/common/plugins/common-ph/1.0.0/lang/en-ph.json')).toEqual({
      kind: 'file',
      file: 'common/plugins/common-ph/1.0.0/lang/en-ph.json',
    });
  });

  it.each([
    '/..%2f..%2fetc/passwd',
    '/../etc/passwd',
    '/assets/../../secret',
    '/%2e%2e/secret',
    '/pages/base/lang/..%2f..%2fsecret.json',
    '/assets/%5c..%5csecret',
    '/.env',
    '/assets/.hidden',
    '/assets//x.js',
    '/assets/',
    '/pages/x/',
    '/redirect/x/',
    '/assets/%00.js',
    '/bad%E0%A4%A',
    'relative',
    `/${'a'.repeat(2000)}`,
  ])('refuses %s', (path) => {
    expect(classifyWebPath(path)).toEqual({ kind: 'invalid' });
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('modules/base/lang/en-login.json')).toBe('no-cache');
  });
});
