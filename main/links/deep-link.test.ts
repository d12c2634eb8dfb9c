import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, describeLink, isLinkRoute, parseDeepLink } from './deep-link';

describe('isLinkRoute', () => {
  it.each([
    '/',
    '/desktop',
    '/desktop/home',
    '/desktop/setting/',
    '/areaDesktop/setting',
    '/pages/notice/pc_notice_tm/index.html',
    '/pages/notice/index.html?id=42&tab=list',
    '/pages/notice/index.html#/list',
    '/pages/notice/index.html?name=%E9%80%9A%E7%9F%A5',
    '/redirect/notice',
  ])('accepts %s', (route) => {
    expect(isLinkRoute(route)).toBe(true);
  });

  it.each([
    '',
    'pages/notice',
    '//evil.example/pages/x',
    '/pages//x',
    'https://evil.example/pages/x',
    'javascript:alert(1)',
    '/pages/../api/uaa/oauth/logout',
    '/pages/./x',
    '/pages/%2e%2e/api',
    '/pages\\..\\x',
    '/pages/x\u0000',
    '/pages/x\ny',
    '/pages/x y',
    '/pages/\u202egnp.exe',
    '/pages/x?next=%0d%0aSet-Cookie',
    '/pages/x?bad=%zz',
    '/pages/x?next=%E2%80%AE',
    '/api/uaa/oauth/logout',
    '/login/',
    '/needtologinpagerelogin',
    `/pages/${'a'.repeat(3000)}`,
  ])('refuses %j', (route) => {
    expect(isLinkRoute(route)).toBe(false);
  });
});

describe('parseDeepLink', () => {
  it('opens the route of edudesk://open?path=…', () => {
    expect(parseDeepLink('edudesk://open?path=/pages/notice/index.html')).toEqual({
      ok: true,
      route: '/pages/notice/index.html',
    });
    expect(
      parseDeepLink(
        `edudesk://open/?path=${encodeURIComponent('/pages/notice/index.html?id=7#/list')}`,
      ),
    ).toEqual({ ok: true, route: '/pages/notice/index.html?id=7#/list' });
  });

  it.each([
    ['https://school.example.edu/pages/x', 'not an edudesk link'],
    ['edudesk:/open?path=/pages/x', 'unknown action'],
    ['edudesk://evil.example?path=/pages/x', 'unknown action'],
    ['edudesk://open/other?path=/pages/x', 'unknown action'],
    ['edudesk://user:pw@open?path=/pages/x', 'unexpected credentials or port'],
    ['edudesk://open:8080?path=/pages/x', 'unexpected credentials or port'],
    ['edudesk://open?path=/pages/x#frag', 'unexpected fragment'],
    ['edudesk://open', 'expects one path'],
    ['edudesk://open?path=/pages/x&path=/desktop', 'expects one path'],
    ['edudesk://open?path=/pages/x&url=https://evil.example', 'expects one path'],
    ['edudesk://open?path=https://evil.example', 'not a platform route'],
    ['edudesk://open?path=//evil.example/pages', 'not a platform route'],
    ['edudesk://open?path=/pages/%2e%2e/api', 'not a platform route'],
    ['edudesk://open?path=%2Fpages%2F..%2Fapi', 'not a platform route'],
    ['edudesk://open?path=/pages/%5C..%5Capi', 'not a platform route'],
    ['edudesk://open?path=/pages/x%00', 'not a platform route'],
    ['not a url', 'not a URL'],
    [`edudesk://open?path=/pages/${'a'.repeat(3000)}`, 'too long'],
  ])('refuses %s (%s)', (link, reason) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, reason });
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among the arguments of a started instance', () => {
    expect(
      deepLinkFromArgv([
        'C:\\Program Files\\EduDesk\\EduDesk.exe',
        '--allow-file-access-from-files',
        'edudesk://open?path=/desktop',
      ]),
    ).toBe('edudesk://open?path=/desktop');
    expect(deepLinkFromArgv(['EduDesk.exe', 'EDUDESK://open?path=/desktop'])).toBe(
      'EDUDESK://open?path=/desktop',
    );
    expect(deepLinkFromArgv(['EduDesk.exe', '--flag'])).toBeNull();
  });
});

describe('describeLink', () => {
  it('keeps control characters and long links out of the log line', () => {
    expect(describeLink('edudesk://open?path=/x\r\nforged log line')).toBe(
      'edudesk://open?path=/x??forged log line',
    );
    expect(describeLink(`edudesk://${'a'.repeat(500)}`)).toHaveLength(201);
  });
});
