// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useContext, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RememberedLogin } from '../../../contract/host';
import { fakeDesktopHost } from '../../../tests/support/fake-host';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { builtinZhCN } from '../../pages/builtin-locale';
import { AppProvider } from '../../ui/app-provider/app-provider';
import loginEn from './locales/en.json';
import { LOGIN_DIALOG_Z_INDEX, LoginDialog } from './login-dialog';
import { LoginForm } from './login-form';
import type { LoginResult } from './login-result';
import { attachToastSink } from '../../ui/notify/notify';

const fakeHost = (remembered: RememberedLogin | null) => fakeDesktopHost({ remembered });

function renderForm() {
  const onLoggedIn = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <LoginForm onLoggedIn={onLoggedIn} />
    </I18nextProvider>,
  );
  return {
    onLoggedIn,
    username: screen.getByPlaceholderText<HTMLInputElement>('请输入账号'),
    password: screen.getByPlaceholderText<HTMLInputElement>('请输入密码'),
  };
}

/** Renders `form`, types a name and a password into it and clicks Sign in: the button. */
function signIn(form: ReactElement): HTMLElement {
  render(<I18nextProvider i18n={i18n}>{form}</I18nextProvider>);
  fireEvent.change(screen.getByPlaceholderText('请输入账号'), { target: { value: 'teacher01' } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'secret' } });
  const button = screen.getByRole('button', { name: /登\s*录/ });
  fireEvent.click(button);
  return button;
}

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN, bundled: { en: loginEn } });
});

afterEach(async () => {
  cleanup();
  delete window.edudesk;
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('LoginForm', () => {
  it('shows the required-field errors under each field on submit, without calling onLoggedIn', async () => {
    window.edudesk = fakeHost(null);
    const { onLoggedIn } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名不能为空！')).toBeTruthy();
    expect(await screen.findByText('密码不能为空！')).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('trims input: spaces alone are empty, checked on change', async () => {
    window.edudesk = fakeHost(null);
    const { username } = renderForm();
    fireEvent.change(username, { target: { value: '   ' } });
    expect(await screen.findByText('用户名不能为空！')).toBeTruthy();
    fireEvent.change(username, { target: { value: ' teacher01 ' } });
    await waitFor(() => {
      expect(screen.queryByText('用户名不能为空！')).toBeNull();
    });
  });

  it('checks an empty field on blur once the user has used the form, not on a blur of its own', async () => {
    window.edudesk = fakeHost(null);
    const { username } = renderForm();
    // A dialog's focus lock taking the focus away before the user did anything: no error.
    fireEvent.blur(username);
    await act(() => Promise.resolve());
    expect(screen.queryByText('用户名不能为空！')).toBeNull();
    // The user clicks into the field and leaves it empty.
    fireEvent.pointerDown(username);
    fireEvent.blur(username);
    expect(await screen.findByText('用户名不能为空！')).toBeTruthy();
  });

  it('moves focus to the next empty field on Enter', async () => {
    window.edudesk = fakeHost(null);
    const { username, password } = renderForm();
    fireEvent.change(username, { target: { value: 'teacher01' } });
    fireEvent.keyDown(username, { key: 'Enter' });
    await waitFor(() => {
      expect(document.activeElement).toBe(password);
    });
    // With the password empty, Enter in the username field goes to the password again.
    fireEvent.change(username, { target: { value: '' } });
    fireEvent.keyDown(password, { key: 'Enter' });
    await waitFor(() => {
      expect(document.activeElement).toBe(username);
    });
  });

  it('leaves the page quietly (no toast, the button busy until it is gone); a form that stays confirms', async () => {
    window.edudesk = fakeHost(null);
    const success: LoginResult = {
      kind: 'success',
      data: { unitType: '2', unitId: '1001', userType: '2', openid: '', unionid: '' },
    };
    for (const leavesPage of [true, false]) {
      const toasts: string[] = [];
      const detach = attachToastSink((toast) => {
        if (typeof toast.description === 'string') toasts.push(toast.description);
      });
      const onLoggedIn = vi.fn();
      const button = signIn(
        <LoginForm
          onLoggedIn={onLoggedIn}
          leavesPage={leavesPage}
          submitWith={() => Promise.resolve(success)}
        />,
      );
      await waitFor(() => {
        expect(onLoggedIn).toHaveBeenCalledWith(success.data);
      });
      // Whatever the form does after the login has been queued by now: let React render it.
      await act(() => Promise.resolve());
      if (leavesPage) {
        expect(toasts).toEqual([]);
        expect(button.getAttribute('aria-busy')).toBe('true');
        // Brought back from the back/forward cache, it is a login page again.
        act(() => {
          window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
        });
        await waitFor(() => {
          expect(button.getAttribute('aria-busy')).toBe('false');
        });
      } else {
        expect(toasts).toEqual(['登录成功！']);
        expect(button.getAttribute('aria-busy')).toBe('false');
      }
      detach();
      cleanup();
    }
  });

  it('says the tries left under the form, not under a field, with no toast', async () => {
    window.edudesk = fakeHost(null);
    const toasts: string[] = [];
    const detach = attachToastSink((toast) => {
      if (typeof toast.description === 'string') toasts.push(toast.description);
    });
    const refused: LoginResult = { kind: 'error', message: '用户名或密码错误', remaining: 2 };
    signIn(<LoginForm onLoggedIn={vi.fn()} submitWith={() => Promise.resolve(refused)} />);
    const notice = await screen.findByText('用户名或密码错误，还可尝试 2 次');
    expect(notice.closest('[role=alert]')?.className).toBe('login-form__notice');
    expect(document.querySelector('.login-form__error')?.textContent).toBe('');
    expect(toasts).toEqual([]);
    detach();
  });

  it('counts a lock down in one message and holds Sign in until it ends', async () => {
    window.edudesk = fakeHost(null);
    vi.useFakeTimers();
    try {
      const locked: LoginResult = {
        kind: 'error',
        message: 'locked',
        wait: { reason: 'locked', seconds: 61 },
      };
      const button = signIn(
        <LoginForm onLoggedIn={vi.fn()} submitWith={() => Promise.resolve(locked)} />,
      );
      await act(() => Promise.resolve());
      const notice = document.querySelector('.login-form__notice');
      expect(notice?.textContent).toBe('登录失败次数过多，账号已暂时锁定，请在 1 分 01 秒后重试');
      expect(button.hasAttribute('disabled')).toBe(true);
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(notice?.textContent).toBe('登录失败次数过多，账号已暂时锁定，请在 59 秒后重试');
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(notice?.textContent).toBe('');
      expect(button.hasAttribute('disabled')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a spinner only once a sign-in has taken 200 ms; busy at once', async () => {
    window.edudesk = fakeHost(null);
    vi.useFakeTimers();
    try {
      const button = signIn(
        <LoginForm
          onLoggedIn={vi.fn()}
          submitWith={() => new Promise<LoginResult>(() => undefined)}
        />,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(199);
      });
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(button.querySelector('.anticon-loading')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(button.querySelector('.anticon-loading')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('pre-fills the remembered login from the host', async () => {
    window.edudesk = fakeHost({ remember: true, username: 'teacher01', password: 'Edu@2026' });
    const { username, password } = renderForm();
    await waitFor(() => {
      expect(username.value).toBe('teacher01');
    });
    expect(password.value).toBe('Edu@2026');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });

  it('speaks English with the spec texts', async () => {
    window.edudesk = fakeHost(null);
    await act(() => i18n.changeLanguage('en'));
    render(
      <I18nextProvider i18n={i18n}>
        <LoginForm onLoggedIn={vi.fn()} />
      </I18nextProvider>,
    );
    expect(screen.getByPlaceholderText('Please enter account number')).toBeTruthy();
    expect(screen.getByPlaceholderText('Please input a password')).toBeTruthy();
    expect(screen.getByText('Remember password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget the password?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name cannot be empty!')).toBeTruthy();
    expect(await screen.findByText('Password cannot be empty!')).toBeTruthy();
  });

  it('opens the forgot-password page in a new window', () => {
    window.edudesk = fakeHost(null);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '忘记密码？' }));
    expect(open).toHaveBeenCalledWith('/forgetPassword', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});

describe('LoginDialog', () => {
  it('overlays the page at z-index 2500 with the login title, and cannot be dismissed', async () => {
    window.edudesk = fakeHost(null);
    render(
      <I18nextProvider i18n={i18n}>
        <LoginDialog open onLoggedIn={vi.fn()} />
      </I18nextProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('用户登录');
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull();
    const wrapper = document.querySelector<HTMLElement>('.ant-modal-wrap');
    expect(wrapper?.style.zIndex).toBe(String(LOGIN_DIALOG_Z_INDEX));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('while open, the page’s other dialogs stop holding the focus', async () => {
    window.edudesk = fakeHost(null);
    const traps: (boolean | undefined)[] = [];
    /** Another dialog of the page, as antd configures it from the page's provider. */
    function Behind() {
      const { modal } = useContext(ConfigProvider.ConfigContext);
      traps.push(modal?.focusable?.trap);
      return null;
    }
    const page = (open: boolean) => (
      <I18nextProvider i18n={i18n}>
        <AppProvider>
          <Behind />
          <LoginDialog open={open} onLoggedIn={vi.fn()} />
        </AppProvider>
      </I18nextProvider>
    );
    const { rerender, unmount } = render(page(false));
    expect(traps.at(-1)).toBeUndefined();
    rerender(page(true));
    await waitFor(() => {
      expect(traps.at(-1)).toBe(false);
    });
    rerender(page(false));
    await waitFor(() => {
      expect(traps.at(-1)).toBeUndefined();
    });
    rerender(page(true));
    await waitFor(() => {
      expect(traps.at(-1)).toBe(false);
    });
    // Gone with the page: the next page's dialogs hold the focus again.
    unmount();
    render(page(false));
    expect(traps.at(-1)).toBeUndefined();
  });
});
