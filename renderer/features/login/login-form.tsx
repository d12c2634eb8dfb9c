import { LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, ConfigProvider, Input, theme, type InputRef } from 'antd';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { getHost } from '../../core/host';
import { isHttpError } from '../../core/http/errors';
import { validateLoginForm } from '../../core/validators';
import { notify } from '../../ui/notify/notify';
import type { LoginData } from '../../../contract/auth';
import { bindingPageUrl, type LoginResult } from './login-result';
import { login, rememberCredentials } from './login-session';

interface FormValues {
  username: string;
  password: string;
  remember: boolean;
}

type Field = 'username' | 'password';

type FieldErrors = Partial<Record<Field, string>>;

/**
 * How long a sign-in runs before its button shows a spinner (it is busy for assistive technology
 * at once): a login answered sooner, the usual case, draws and animates nothing while the server
 * checks the password (sign-in → icons on a slow PC: docs/performance.md).
 */
const SPINNER_DELAY_MS = 200;

/** The sign-in button draws no click ripple: an animation of its own while the login is on its way. */
const NO_WAVE = { disabled: true } as const;

export interface LoginFormProps {
  /**
   * Called once the user is logged in, with the login answer (unit and user type: enough to pick
   * the landing page without another round trip). The current user is not loaded yet.
   */
  onLoggedIn: (data: LoginData) => void;
  /**
   * `onLoggedIn` leaves the page (the login page's hand-over to the desktop): the page it lands
   * on confirms the login, and the form stays as it is, signing in, until the page is gone. No
   * toast or re-render of a page being left takes the processor from the one being shown (issue
   * 17: sign-in → icons on a slow PC).
   */
  leavesPage?: boolean;
  /** Focus the username field on mount (the login dialog does, the page box too). */
  autoFocus?: boolean;
  /**
   * The call the form makes (the binding page links an identity with it); by default the
   * password login. A form with its own call has no remember-password or forgot-password
   * options and is not pre-filled.
   */
  submitWith?: (username: string, password: string) => Promise<LoginResult>;
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

/** Opens the forgot-password page in a new window (spec §2). */
function openForgetPassword(): void {
  window.open('/forgetPassword', '_blank', 'noopener,noreferrer');
}

/**
 * The login form shared by the login box and the login dialog overlay: username, password,
 * remember password, the forgot-password link and the sign-in button, with the validation of
 * spec §5 (trimmed, checked on change and on blur, errors under the field) and the Enter rule of
 * spec §2 (Enter submits, or moves focus to the next empty field).
 */
export function LoginForm({
  onLoggedIn,
  leavesPage = false,
  autoFocus = true,
  submitWith,
  submitText,
}: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<FormValues>({ username: '', password: '', remember: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const submittingRef = useRef(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  // Whether the user has pressed a key or a pointer in the form yet. Until then a blur is not
  // theirs (a dialog's focus lock taking the focus back) and shows no error.
  const usedRef = useRef(false);

  // Pre-fill the remembered credentials (decrypted by the host).
  const ownCall = submitWith !== undefined;
  useEffect(() => {
    if (ownCall) return undefined;
    let active = true;
    void getHost()
      .loadRememberedLogin()
      .then((record) => {
        if (active && record?.remember) {
          setValues({ username: record.username, password: record.password, remember: true });
          setErrors({});
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [ownCall]);

  // The account field takes the focus once the page has painted, not on mount: a dialog that
  // opens this form (the login dialog over a page whose session ended) locks the focus inside
  // itself in its own effect, after this form mounted. Focused on mount, the field would be
  // blurred by a dialog still open behind (a theme dialog whose save found the session gone),
  // showing "cannot be empty" before the user typed, with the focus left behind. On a loaded
  // machine the dialog's lock can still come after that frame: a blur before the user touched
  // the form (usedRef) then checks nothing.
  useEffect(() => {
    if (!autoFocus) return undefined;
    const frame = requestAnimationFrame(() => {
      usernameRef.current?.focus();
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [autoFocus]);

  useEffect(() => {
    if (!submitting) return undefined;
    const timer = window.setTimeout(() => {
      setSpinning(true);
    }, SPINNER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setSpinning(false);
    };
  }, [submitting]);

  // A page left after a login keeps its form signing in; brought back from the back/forward
  // cache, it is a login page again.
  useEffect(() => {
    if (!leavesPage) return undefined;
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submittingRef.current = false;
      setSubmitting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => {
      window.removeEventListener('pageshow', restored);
    };
  }, [leavesPage]);

  /** The field's error in the current language (spec §5: trimmed, required), or none. */
  function errorOf(field: Field, value: string): string | undefined {
    const key = validateLoginForm({ username: '', password: '', [field]: value.trim() })[field];
    return key === undefined ? undefined : t(`login.errors.${key}`);
  }

  function check(field: Field, value: string): boolean {
    const error = errorOf(field, value);
    // The same error again changes nothing: no re-render (a blur on the way to the sign-in
    // button would otherwise render the form once more before the click).
    setErrors((current) => (current[field] === error ? current : { ...current, [field]: error }));
    return error === undefined;
  }

  function change(field: Field, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    check(field, value);
  }

  async function submit(): Promise<void> {
    // One login at a time: Enter or a second click while one is on its way does nothing.
    if (submittingRef.current) return;
    const usernameOk = check('username', values.username);
    const passwordOk = check('password', values.password);
    if (!usernameOk || !passwordOk) return;
    submittingRef.current = true;
    const username = values.username.trim();
    const password = values.password.trim();
    setSubmitting(true);
    let leaving = false;
    try {
      const result = await (submitWith
        ? submitWith(username, password)
        : login(username, password, i18n.language, t('login.failed')));
      if (result.kind === 'bind') {
        window.location.assign(bindingPageUrl(result));
        return;
      }
      if (result.kind === 'error') {
        notify.error(result.message, t('login.failedTitle'));
        setErrors((current) => ({ ...current, password: result.message }));
        passwordRef.current?.focus();
        return;
      }
      if (!leavesPage) notify.success(t('login.success'));
      if (!ownCall) {
        await rememberCredentials(values.remember, username, password).catch(() => undefined);
      }
      onLoggedIn(result.data);
      leaving = leavesPage;
    } catch (error) {
      // Login calls skip the global interceptor (noIntercept): network errors are shown here.
      notify.error(isHttpError(error) ? error.message : t('login.failed'), t('login.failedTitle'));
    } finally {
      if (!leaving) {
        submittingRef.current = false;
        setSubmitting(false);
      }
    }
  }

  function onEnter(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!values.username.trim()) {
      usernameRef.current?.focus();
      check('username', values.username);
      return;
    }
    if (!values.password.trim()) {
      passwordRef.current?.focus();
      check('password', values.password);
      return;
    }
    void submit();
  }

  /** What both inputs take from the form: value, checks on change and blur, error state. */
  const fieldId = (field: Field) => `${id}-${field}`;
  const inputProps = (field: Field) => ({
    id: fieldId(field),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      change(field, event.target.value);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (usedRef.current) check(field, event.target.value);
    },
    status: errors[field] === undefined ? undefined : ('error' as const),
    'aria-invalid': errors[field] !== undefined,
    'aria-describedby': `${fieldId(field)}-error`,
  });
  // A plain form rather than antd's Form: the login page's first load then carries no form
  // store, async validator, grid or tooltip code (its JS budget: docs/testing.md).
  return (
    <form
      className="login-form"
      noValidate
      onPointerDownCapture={() => {
        usedRef.current = true;
      }}
      onKeyDownCapture={() => {
        usedRef.current = true;
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField id={fieldId('username')} label={t('login.account')} error={errors.username}>
        <Input
          ref={usernameRef}
          {...inputProps('username')}
          prefix={<UserOutlined aria-hidden />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          maxLength={64}
          size="large"
          onKeyDown={onEnter}
        />
      </FormField>
      <FormField id={fieldId('password')} label={t('login.password')} error={errors.password}>
        <Input.Password
          ref={passwordRef}
          {...inputProps('password')}
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
          size="large"
          onKeyDown={onEnter}
        />
      </FormField>
      {!ownCall && (
        <div className="login-form__options">
          <Checkbox
            checked={values.remember}
            onChange={(event) => {
              setValues((current) => ({ ...current, remember: event.target.checked }));
            }}
          >
            {t('login.remember')}
          </Checkbox>
          <Button type="link" className="login-form__forget" onClick={openForgetPassword}>
            {t('login.forget')}
          </Button>
        </div>
      )}
      {/* The spinner is the button's icon rather than antd's `loading`: its animated loading
          icon can stay on screen when a login fails within the animation (ant-design #27457). */}
      <ConfigProvider wave={NO_WAVE}>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          aria-busy={submitting}
          icon={submitting && spinning ? <LoadingOutlined aria-hidden /> : undefined}
        >
          {submitText ?? t('login.signIn')}
        </Button>
      </ConfigProvider>
    </form>
  );
}
