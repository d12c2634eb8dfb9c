import { describe, expect, it } from 'vitest';
import { isPlatformRoute, PLATFORM_ROUTE_MAX_LENGTH } from './platform-route';

describe('isPlatformRoute', () => {
  it('accepts paths of the platform, with a query and a hash route', () => {
    for (const route of [
      '/',
      '/pages/base/pc_desktop_all/index.html',
      '/pages/base/pc_desktop_all/index.html#/desktop/home',
      '/area/areaBase/pc_areaDesktop_all/index.html?app=oa&fileId=12',
      '/pages/oa/%E5%8A%9E%E5%85%AC/index.html',
    ]) {
      expect(isPlatformRoute(route), route).toBe(true);
    }
  });

  it('refuses other origins, scripts, relative paths and odd characters', () => {
    for (const route of [
      '',
      'pages/base/index.html',
      '//evil.example/pages',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/pages/a b',
      '\\\\evil.example.com',
      '/\t/evil.example.com',
      '/desk\ntop',
      '/\u007f',
      ' /desktop',
      '/pages/\u0000',
      '/pages/\n',
      '/pages/../../etc/passwd',
      '/pages/%2E%2e/x',
      '/pages/中文',
      `/${'a'.repeat(PLATFORM_ROUTE_MAX_LENGTH)}`,
    ]) {
      expect(isPlatformRoute(route), route).toBe(false);
    }
    expect(isPlatformRoute(undefined)).toBe(false);
    expect(isPlatformRoute(42)).toBe(false);
  });
});
