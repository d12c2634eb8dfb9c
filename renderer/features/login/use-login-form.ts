import type { InputRef } from 'antd';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type SyntheticEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { getHost } from '../../core/host';
import { isHttpError } from '../../core/http/errors';
import { validateLoginForm } from '../../core/validators';
import { notify } from '../../ui/notify/notify';
import type { LoginData } from '../../../contract/auth';
import { bindingPageUrl, type LoginResult, type LoginWait } from './login-result';
import { login, rememberCredentials } from './login-session';

export type LoginField = 'username' | 'password';

interface FormValues {
  username: string;
  password: string;
  remember: boolean;
}

type FieldErrors = Partial<Record<LoginField, string>>;

/**
 * The form's one message about the last sign-in, shown under the form (not under a field: a
 * wrong password may be a wrong account, and a lock holds whatever is typed): the server's
 * refusal with the tries left before the lock, or a wait (lock, busy server) that counts down
 * to `until` and holds the sign-in button until then.
 */
export type LoginNotice =
  | { kind: 'refused'; message: string; remaining?: number }
  | { kind: 'wait'; reason: LoginWait['reason']; until: number };

/**
 * How long a sign-in runs before its button shows a spinner (it is busy for assistive technology
 * at once): a login answered sooner, the usual case, draws and animates nothing while the server
 * checks the password (sign-in → icons on a slow PC: docs/performance.md).
 */
const SPINNER_DELAY_MS = 200;

export interface LoginFormOptions {
  /**
   * Called once the user is logged in, with the login answer (unit and user type: enough to pick
   * the landing page without another round trip). The current user is not loaded yet.
   */
  onLoggedIn: (data: LoginData) => void;
  /**
   * `onLoggedIn` leaves the page (the login page's hand-over to the desktop): the page it lands
   * on confirms the login, and the form stays as it is, signing in, until the page is gone. No
   * toast or re-render of a page being left takes the processor from the one being shown
   * (sign-in → icons on a slow PC: docs/performance.md).
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
  /**
   * The account to fill in: the login dialog over a page whose session ended fills in the
   * page's user, and the focus goes to the password. A remembered record of another account
   * does not replace it.
   */
  account?: string;
}

/**
 * The login form's state and rules, for login-form.tsx to draw: the values, the validation of
 * spec §5 (trimmed, checked on change and on blur, errors under the field), the Enter rule of
 * spec §2 (Enter submits, or moves focus to the next empty field) and the sign-in itself.
 */
export function useLoginForm({
  onLoggedIn,
  leavesPage = false,
  autoFocus = true,
  submitWith,
  account = '',
}: LoginFormOptions) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<FormValues>({
    username: account,
    password: '',
    remember: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<LoginNotice | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const submittingRef = useRef(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const fieldRefs = { username: usernameRef, password: passwordRef };
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
        if (active && record?.remember && (account === '' || record.username === account)) {
          setValues({ username: record.username, password: record.password, remember: true });
          setErrors({});
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [ownCall, account]);

  // The account field takes the focus once the form has been painted (in the frame after its
  // first), not on mount: a dialog that opens this form (the login dialog over a page whose
  // session ended) locks the focus inside itself in its own effect, after this form mounted.
  // Focused on mount, the field would be blurred by a dialog still open behind (a theme dialog
  // whose save found the session gone), showing "cannot be empty" before the user typed, with
  // the focus left behind. On a loaded machine the dialog's lock can still come after that
  // frame: a blur before the user touched the form (usedRef) then checks nothing. Focused in the
  // first frame, the field made the browser lay the new page out twice in one long task.
  useEffect(() => {
    if (!autoFocus) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        (account === '' ? usernameRef : passwordRef).current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [autoFocus, account]);

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

  // A wait counts down each second and ends by itself: the button is usable again.
  const waitUntil = notice?.kind === 'wait' ? notice.until : null;
  useEffect(() => {
    if (waitUntil === null) return undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= waitUntil) {
        setNotice((shown) => (shown?.kind === 'wait' && shown.until === waitUntil ? null : shown));
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [waitUntil]);
  const waiting = waitUntil !== null && now < waitUntil;

  /** The field's error in the current language (spec §5: trimmed, required), or none. */
  function errorOf(field: LoginField, value: string): string | undefined {
    const key = validateLoginForm({ username: '', password: '', [field]: value.trim() })[field];
    return key === undefined ? undefined : t(`login.errors.${key}`);
  }

  function check(field: LoginField, value: string): boolean {
    const error = errorOf(field, value);
    // The same error again changes nothing: no re-render (a blur on the way to the sign-in
    // button would otherwise render the form once more before the click).
    setErrors((current) => (current[field] === error ? current : { ...current, [field]: error }));
    return error === undefined;
  }

  function change(field: LoginField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    check(field, value);
  }

  async function submit(): Promise<void> {
    // One login at a time: Enter or a second click while one is on its way does nothing.
    if (submittingRef.current || waiting) return;
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
        const { wait, remaining } = result;
        const at = Date.now();
        setNow(at);
        setNotice(
          wait === undefined
            ? {
                kind: 'refused',
                message: result.message,
                ...(remaining === undefined ? {} : { remaining }),
              }
            : { kind: 'wait', reason: wait.reason, until: at + wait.seconds * 1000 },
        );
        passwordRef.current?.focus();
        return;
      }
      setNotice(null);
      if (!leavesPage) notify.success(t('login.success'));
      if (!ownCall) {
        await rememberCredentials(values.remember, username, password).catch(() => undefined);
      }
      onLoggedIn(result.data);
      leaving = leavesPage;
    } catch (error) {
      // Login calls skip the global interceptor (noIntercept): network errors are shown here.
      setNotice({
        kind: 'refused',
        message: isHttpError(error) ? error.message : t('login.failed'),
      });
    } finally {
      if (!leaving) {
        submittingRef.current = false;
        setSubmitting(false);
      }
    }
  }

  /** Enter submits, or takes the focus to the next empty field and shows its error. */
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

  const fieldId = (field: LoginField) => `${id}-${field}`;

  /** What each input takes from the form: value, checks on change and blur, Enter, error state. */
  const inputProps = (field: LoginField) => ({
    ref: fieldRefs[field],
    id: fieldId(field),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      change(field, event.target.value);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (usedRef.current) check(field, event.target.value);
    },
    onKeyDown: onEnter,
    status: errors[field] === undefined ? undefined : ('error' as const),
    'aria-invalid': errors[field] !== undefined,
    'aria-describedby': `${fieldId(field)}-error`,
  });

  /** What the form element takes: the first key or pointer marks the form used; submit signs in. */
  const formProps = {
    onPointerDownCapture: () => {
      usedRef.current = true;
    },
    onKeyDownCapture: () => {
      usedRef.current = true;
    },
    onSubmit: (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
  };

  return {
    /** The form's own call replaces the password login: no remember or forgot-password options. */
    ownCall,
    remember: values.remember,
    setRemember: (remember: boolean) => {
      setValues((current) => ({ ...current, remember }));
    },
    errors,
    fieldId,
    inputProps,
    formProps,
    /** The message about the last sign-in, if any. */
    notice,
    /** Whole seconds left of the notice's wait (0 when none). */
    secondsLeft: waitUntil === null ? 0 : Math.max(0, Math.ceil((waitUntil - now) / 1000)),
    /** A lock or a busy server is being waited out: no sign-in until it ends. */
    waiting,
    /** A sign-in is on its way (the button is busy at once). */
    submitting,
    /** It has taken longer than SPINNER_DELAY_MS: the button shows its spinner. */
    spinning: submitting && spinning,
  };
}
