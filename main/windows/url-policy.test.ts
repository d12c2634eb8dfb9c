import { describe, expect, it } from 'vitest';
import { appWindowTarget, WINDOW_TARGETS } from '../../contract/window-targets';
import {
  classifyNavigation,
  classifyWindowOpen,
  isLoginPath,
  type UrlDecision,
  type WindowRole,
} from './url-policy';

const PLATFORM = 'https://school.example.edu';
const HELP = 'https://help.example.com/?redUrl=%2Fdoc&accessToken=t&unitId=1001&key=k';

const action = (decision: UrlDecision) =>
  decision.action === 'open' ? `open:${decision.role}` : decision.action;

describe('classifyWindowOpen', () => {
  it.each([
    [`${PLATFORM}/needtologinpagerelogin`, '', 'open:relogin'],
    [`${PLATFORM}/needtologinpagerelogin?redirect_uri=x`, '_blank', 'open:relogin'],
    [`${PLATFORM}/forgetPassword`, '_blank', 'open:app'],
    [`${PLATFORM}/pages/oa/pc_oa_tm/index.html`, '', 'open:app'],
    [`${PLATFORM}/help?redUrl=a&accessToken=b&unitId=1`, '', 'open:help-centre'],
    [`${PLATFORM}/help`, WINDOW_TARGETS.helpCentre, 'open:help-centre'],
    [HELP, '_blank', 'open:help-centre'],
    ['https://help.example.com/', WINDOW_TARGETS.helpCentre, 'open:help-centre'],
    ['https://hik.example.com/sso?ticket=1', appWindowTarget('haikang'), 'open:app'],
    ['https://ysy.example.com/login', appWindowTarget('ysy'), 'open:app'],
    ['http://intranet-app.school/menu', appWindowTarget(), 'open:app'],
    ['https://beian.miit.gov.cn/', '_blank', 'external'],
    ['https://beian.miit.gov.cn/', '', 'external'],
    ['https://example.com/', 'edudesk-application', 'external'],
    ['mailto:office@school.example.edu', '_blank', 'deny'],
    ['file:///C:/Windows/system32/calc.exe', '', 'deny'],
    ['javascript:alert(1)', '', 'deny'],
    ['ms-settings:privacy-webcam', '', 'deny'],
    ['app://edudesk/first-run.html', '', 'deny'],
    ['about:blank', '', 'deny'],
    ['data:text/html,<script>1</script>', '', 'deny'],
    ['nonsense', '', 'deny'],
  ])('%s (name %j) → %s', (url, frameName, expected) => {
    expect(action(classifyWindowOpen(url, frameName, PLATFORM))).toBe(expected);
  });

  it('treats every web page as foreign before a server is configured', () => {
    expect(action(classifyWindowOpen(`${PLATFORM}/x`, '', null))).toBe('external');
  });

  it('does not mistake a look-alike origin for the platform', () => {
    for (const url of [
      'https://school.example.edu.evil.com/needtologinpagerelogin',
      'http://school.example.edu/needtologinpagerelogin',
      'https://school.example.edu:444/needtologinpagerelogin',
    ]) {
      expect(action(classifyWindowOpen(url, '', PLATFORM)), url).toBe('external');
    }
  });
});

describe('classifyNavigation', () => {
  const cases: [WindowRole, string, string][] = [
    ['main', `${PLATFORM}/login`, 'allow'],
    ['main', `${PLATFORM}/pages/base/pc_desktop_all/index.html#/home`, 'allow'],
    ['main', 'https://weixin.example.com/qr', 'external'],
    ['main', 'http://school.example.edu/login', 'external'],
    ['main', 'file:///etc/passwd', 'deny'],
    ['main', 'app://edudesk/connect?url=https://evil.example.com', 'deny'],
    ['main', 'weixin://dl/business', 'deny'],
    ['relogin', `${PLATFORM}/pages/base/pc_desktop_all/index.html`, 'allow'],
    ['relogin', 'https://evil.example.com/', 'external'],
    ['app', 'https://hik.example.com/next', 'allow'],
    ['app', 'http://intranet-app.school/page', 'allow'],
    ['app', 'file:///C:/x', 'deny'],
    ['app', 'app://edudesk/retry', 'deny'],
    ['help-centre', 'https://help.example.com/article/2', 'allow'],
    ['help-centre', 'javascript:alert(1)', 'deny'],
    ['local', 'app://edudesk/first-run.html?lang=en', 'allow'],
    ['local', 'APP://EDUDESK/offline.html', 'allow'],
    ['local', 'app://edudesk/connect?url=https%3A%2F%2Fschool.example.edu', 'local'],
    ['local', 'app://edudesk/retry', 'local'],
    ['local', 'app://edudesk/change-server', 'local'],
    ['local', 'app://edudesk/save-settings?notifications=on', 'local'],
    ['local', 'app://edudesk/delete-everything', 'deny'],
    ['local', 'app://other/first-run.html', 'deny'],
    ['local', 'https://school.example.edu/', 'deny'],
  ];
  it.each(cases)('in a %s window, %s → %s', (role, url, expected) => {
    expect(action(classifyNavigation(url, role, PLATFORM))).toBe(expected);
  });

  it('hands the connect action its parameters', () => {
    const decision = classifyNavigation(
      'app://edudesk/connect?url=https%3A%2F%2Fschool.example.edu&lang=en',
      'local',
      PLATFORM,
    );
    expect(decision.action === 'local' && decision.name).toBe('connect');
    expect(decision.action === 'local' && decision.params.get('url')).toBe(
      'https://school.example.edu',
    );
  });
});

describe('isLoginPath', () => {
  it('knows where the user is still signing in', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/needtologinpagerelogin',
      '/forgetPassword',
      '/bind/',
      '/pages/login/pc_bind_all/index.html',
    ]) {
      expect(isLoginPath(path), path).toBe(true);
    }
    for (const path of [
      '/pages/base/pc_desktop_all/index.html',
      '/area/areaBase/pc_areaDesktop_all/index.html',
      '/desktop/home',
      '/loginx',
    ]) {
      expect(isLoginPath(path), path).toBe(false);
    }
  });
});
