// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { Child } from '../../contract/auth';
import { featureTestSetup } from '../../tests/support/feature-test';
import { answerOk } from '../../tests/support/route-server';
import { i18n } from '../core/i18n/instance';
import { mergeDictionary } from '../core/i18n/load-language-files';
import { useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { SESSION_KEYS } from '../core/storage-keys';
import childPickerEn from '../features/child-picker/locales/en.json';
import headerEn from '../features/header/locales/en.json';
import languageEn from '../features/language/locales/en.json';
import menuEn from '../features/menu/locales/en.json';
import voiceEn from '../features/voice/locales/en.json';
import { MobileDesktopShell } from './mobile-desktop-shell';

const { routes } = featureTestSetup(headerEn);

const child = (id: string, realName: string, status = 1): Child => ({
  id,
  realName,
  gradeName: '三年级',
  className: '2班',
  status,
  parentId: '201',
});

function userOf(overrides: Partial<CurrentUser>): CurrentUser {
  return {
    realName: '王老师',
    loginName: 'teacher01',
    unitId: '1',
    unitType: '1',
    userType: '2',
    userId: '101',
    unitName: '阳光实验小学',
    unitEnName: 'Sunshine Experimental Primary School',
    unitImgPath: '',
    childList: [],
    currentChild: null,
    ...overrides,
  } as CurrentUser;
}

/** 张家长, a parent, with these children, `current` chosen. */
function parentOf(children: Child[], current: Child): CurrentUser {
  return userOf({
    realName: '张家长',
    userType: '3',
    userId: '201',
    childList: children,
    currentChild: current,
  });
}

beforeAll(() => {
  for (const dictionary of [languageEn, menuEn, voiceEn, childPickerEn]) {
    mergeDictionary('en', dictionary);
  }
});

/** The native app's web view (its marker, core/device.ts): where spec §2 offers voice. */
const APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 EduDeskApp/2.3';

beforeEach(async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(APP_UA);
  routes.set(`GET ${DESKTOP_API.myAppIcon}`, answerOk([]));
  routes.set(`GET ${DESKTOP_API.unreadCodeCount}`, answerOk([]));
  routes.set(`GET ${DESKTOP_API.unhandleCount}`, answerOk({ todo: 0, message: 120 }));
  routes.set(`GET ${DESKTOP_API.myDesktopColor}`, answerOk(null));
  routes.set(`GET ${DESKTOP_API.resourceTree}`, answerOk([]));
  await act(() => i18n.changeLanguage('en'));
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  sessionStorage.clear();
  useSession.setState({ status: 'unknown', user: null });
});

function renderShell(user: CurrentUser) {
  routes.set(`GET ${DESKTOP_API.userRole(user.userId)}`, answerOk(false));
  useSession.setState({ status: 'logged-in', user });
  render(
    <I18nextProvider i18n={i18n}>
      <MobileDesktopShell user={user} root="pages" onLoggedOut={vi.fn()} />
    </I18nextProvider>,
  );
  return screen.getByRole('banner');
}

/** The open sheet's panel, once it is there. */
function bottomSheet(): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>('.sheet .ant-drawer-content-wrapper');
    if (element === null) throw new Error('no sheet yet');
    return element;
  });
}

describe('the mobile desktop shell', () => {
  it("an icon says unReadCodeCount's count over the one its icon list carried", async () => {
    const notices = {
      code: 'notice',
      name: '通知',
      shortName: '通知',
      englishShortName: 'Notices',
    };
    routes.set(
      `GET ${DESKTOP_API.myAppIcon}`,
      answerOk([
        { ...notices, unReadCodeCount: 2 },
        { code: 'homework', shortName: '作业', englishShortName: 'Homework', unReadCodeCount: 3 },
      ]),
    );
    routes.set(`GET ${DESKTOP_API.unreadCodeCount}`, answerOk([{ code: 'notice', num: 7 }]));
    renderShell(userOf({}));
    // The list's own count first, then the later call's; an icon it does not name keeps its own.
    await screen.findByRole('button', { name: 'Notices, 7 unread' });
    expect(screen.getByRole('button', { name: 'Homework, 3 unread' })).toBeTruthy();
  });

  it('a condensed header: unit, welcome, the bell with its badge, language; no child switch for a teacher', async () => {
    const header = renderShell(userOf({}));
    expect(within(header).getByText('Sunshine Experimental Primary School')).toBeTruthy();
    expect(within(header).getByText('Welcome, 王老师')).toBeTruthy();
    // 120 unread: the badge shows the spec's cap, the button says the count.
    const bell = await within(header).findByRole('button', { name: 'Messages, 120 unread' });
    await waitFor(() => {
      expect(header.querySelector('.header-bell__count')?.textContent).toContain('99+');
    });
    expect(bell).toBeTruthy();
    expect(within(header).getByLabelText('Language').tagName).toBe('SELECT');
    expect(within(header).queryByRole('button', { name: 'Switch child' })).toBeNull();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voice command' })).toBeTruthy();
  });

  it('a parent with two children: the child switch and the current child; the picker is a sheet, not the whole screen', async () => {
    sessionStorage.setItem(SESSION_KEYS.childId, '301');
    const first = child('301', '张小明');
    const header = renderShell(parentOf([first, child('302', '张小红')], first));
    expect(within(header).getByText('Welcome, 张家长')).toBeTruthy();
    expect(within(header).getByText('张小明')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: 'Switch child' }));
    const wrapper = await bottomSheet();
    // A bottom sheet (at most 60 % of the screen, measured in tests/e2e/voice.test.ts: jsdom
    // does no layout and drops min()/dvh heights), so the icons above stay in view.
    expect(wrapper.closest('.ant-drawer')?.className).toContain('ant-drawer-bottom');
    expect(within(wrapper).getByText('张小红')).toBeTruthy();
    // The voice button steps aside while the sheet has the bottom of the screen.
    expect(screen.queryByRole('button', { name: 'Voice command' })).toBeNull();
  });

  it('no voice button in a phone browser (spec §2: native app only)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(APP_UA.replace(' EduDeskApp/2.3', ''));
    const header = renderShell(userOf({}));
    await within(header).findByRole('button', { name: 'Messages, 120 unread' });
    expect(screen.queryByRole('button', { name: 'Voice command' })).toBeNull();
  });

  it('a parent with one child: no child switch', () => {
    const only = child('301', '张小明');
    const header = renderShell(parentOf([only, child('303', '张小刚', 0)], only));
    expect(within(header).queryByRole('button', { name: 'Switch child' })).toBeNull();
  });

  it('the to-do sheet at most half the screen, the voice button stepping aside until it closes', async () => {
    routes.set(`GET ${DESKTOP_API.unhandleCount}`, answerOk({ todo: 3, message: 0 }));
    routes.set(`GET ${DESKTOP_API.popUpBox}`, answerOk({ list: [], total: 0, pages: 1 }));
    renderShell(userOf({}));
    const wrapper = await bottomSheet();
    expect(wrapper.closest('.ant-drawer')?.className).toContain('ant-drawer-bottom');
    expect(screen.queryByRole('button', { name: 'Voice command' })).toBeNull();
  });
});
