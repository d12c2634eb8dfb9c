import { LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginForm, type LoginFormOptions, type LoginNotice } from './use-login-form';
import './login.css';

export interface LoginFormProps extends LoginFormOptions {
  /** The submit button's text; by default 'Sign in'. */
  submitText?: string;
}

/**
 * One field of the form: its label above, the input, and the error line under it. The error
 * line keeps its height when empty, so an error never moves the fields below it.
 */
function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div className="login-form__field">
      <label htmlFor={id} className="login-form__label" style={{ color: token.colorText }}>
        {label}
      </label>
      {children}
      <div
        id={`${id}-error`}
        className="login-form__error"
        role={error === undefined ? undefined : 'alert'}
        style={{ color: token.colorError }}
      >
        {error}
      </div>
    </div>
  );
}

/** The two fields: what differs between them, drawn by the one block below. */
const FIELDS = [
  {
    field: 'username',
    Control: Input,
    icon: <UserOutlined aria-hidden />,
    label: 'login.account',
    placeholder: 'login.accountPlaceholder',
    autoComplete: 'username',
    maxLength: 64,
  },
  {
    field: 'password',
    Control: Input.Password,
    icon: <LockOutlined aria-hidden />,
    label: 'login.password',
    placeholder: 'login.passwordPlaceholder',
    autoComplete: 'current-password',
    maxLength: 128,
  },
] as const;

/** A wait in the user's words: "4 分 05 秒", "45 s". */
function waitText(t: (key: string, options?: Record<string, unknown>) => string, seconds: number) {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0
    ? t('login.notice.seconds', { seconds: rest })
    : t('login.notice.minutes', { minutes, seconds: String(rest).padStart(2, '0') });
}

/** Where the wait goes in a sentence: the text is cut there, the wait drawn in between. */
const WAIT_MARK = '\u0000';

/**
 * The form's message about the last sign-in (use-login-form.ts), in a live region that is always
 * there, so screen readers read each new message. The counting figure is a region of its own
 * that announces nothing: the message is read once, not again every second.
 */
function LoginNoticeLine({
  notice,
  secondsLeft,
}: {
  notice: LoginNotice | null;
  secondsLeft: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  let content: ReactNode = null;
  if (notice?.kind === 'refused') {
    content =
      notice.remaining === undefined
        ? notice.message
        : notice.remaining > 0
          ? t('login.notice.remaining', { count: notice.remaining })
          : t('login.notice.lastTry');
  } else if (notice?.kind === 'wait') {
    const [before = '', after = ''] = t(`login.notice.${notice.reason}`, { time: WAIT_MARK }).split(
      WAIT_MARK,
    );
    content = (
      <>
        {before}
        <span className="login-form__wait" aria-live="off">
          {waitText(t, secondsLeft)}
        </span>
        {after}
      </>
    );
  }
  return (
    <div
      className="login-form__notice"
      role="alert"
      style={{ color: notice === null ? undefined : token.colorError }}
    >
      {content}
    </div>
  );
}

/** Opens the forgot-password page in a new window (spec §2). */
function openForgetPassword(): void {
  window.open('/forgetPassword', '_blank', 'noopener,noreferrer');
}

/**
 * The login form shared by the login box, the login dialog and the binding page: username,
 * password, remember password, the forgot-password link and the sign-in button. Its state and
 * rules are use-login-form.ts; this file is the markup.
 */
export function LoginForm({ submitText, ...options }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useLoginForm(options);
  // A plain form rather than antd's Form: the login page's first load then carries no form
  // store, async validator, grid or tooltip code (its JS budget: docs/testing.md). antd's inputs
  // still import the form library's index; the build leaves it out (scripts/vite/form-library.ts).
  return (
    <form className="login-form" noValidate {...form.formProps}>
      {FIELDS.map(({ field, Control, icon, label, placeholder, autoComplete, maxLength }) => (
        <FormField key={field} id={form.fieldId(field)} label={t(label)} error={form.errors[field]}>
          <Control
            {...form.inputProps(field)}
            prefix={icon}
            placeholder={t(placeholder)}
            autoComplete={autoComplete}
            maxLength={maxLength}
            size="large"
          />
        </FormField>
      ))}
      {!form.ownCall && (
        <div className="login-form__options">
          <Checkbox
            checked={form.remember}
            onChange={(event) => {
              form.setRemember(event.target.checked);
            }}
          >
            {t('login.remember')}
          </Checkbox>
          <Button type="link" className="login-form__forget" onClick={openForgetPassword}>
            {t('login.forget')}
          </Button>
        </div>
      )}
      {/* The spinner is the button's icon rather than antd's `loading`: antd's animated loading
          icon can stay on screen when a login fails within its animation. No click ripple: the
          page's provider turns antd's wave off (ui/app-provider/app-provider.tsx). */}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        aria-busy={form.submitting}
        disabled={form.waiting}
        icon={form.spinning ? <LoadingOutlined aria-hidden /> : undefined}
      >
        {submitText ?? t('login.signIn')}
      </Button>
      <LoginNoticeLine notice={form.notice} secondsLeft={form.secondsLeft} />
    </form>
  );
}
