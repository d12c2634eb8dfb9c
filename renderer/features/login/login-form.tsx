import { LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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

export interface LoginFormProps {
  /**
   * Called once the user is logged in, with the login answer (unit and user type: enough to pick
   * the landing page without another round trip). The current user is not loaded yet.
   */
  onLoggedIn: (data: LoginData) => void;
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
  autoFocus = true,
  submitWith,
  submitText,
}: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);

  // Pre-fill the remembered credentials (decrypted by the host).
  const ownCall = submitWith !== undefined;
  useEffect(() => {
    if (ownCall) return undefined;
    let active = true;
    void getHost()
      .loadRememberedLogin()
      .then((record) => {
        if (active && record?.remember) {
          form.setFieldsValue({
            username: record.username,
            password: record.password,
            remember: true,
          });
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [form, ownCall]);

  const fieldRule = (field: Field) => ({
    validator(_: unknown, value: unknown) {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      const key = validateLoginForm({ username: '', password: '', [field]: trimmed })[field];
      return key === undefined
        ? Promise.resolve()
        : Promise.reject(new Error(t(`login.errors.${key}`)));
    },
  });

  async function submit(values: FormValues): Promise<void> {
    // One login at a time: Enter or a second click while one is on its way does nothing.
    if (submittingRef.current) return;
    submittingRef.current = true;
    const username = values.username.trim();
    const password = values.password.trim();
    setSubmitting(true);
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
        form.setFields([{ name: 'password', errors: [result.message] }]);
        passwordRef.current?.focus();
        return;
      }
      notify.success(t('login.success'));
      if (!ownCall) {
        await rememberCredentials(values.remember, username, password).catch(() => undefined);
      }
      onLoggedIn(result.data);
    } catch (error) {
      // Login calls skip the global interceptor (noIntercept): network errors are shown here.
      notify.error(isHttpError(error) ? error.message : t('login.failed'), t('login.failedTitle'));
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  function onEnter(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const values = form.getFieldsValue(['username', 'password']) as Partial<FormValues>;
    if (!values.username?.trim()) {
      usernameRef.current?.focus();
      void form.validateFields(['username']).catch(() => undefined);
      return;
    }
    if (!values.password?.trim()) {
      passwordRef.current?.focus();
      void form.validateFields(['password']).catch(() => undefined);
      return;
    }
    form.submit();
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: '', password: '', remember: false }}
      onFinish={(values) => void submit(values)}
      className="login-form"
    >
      <Form.Item
        name="username"
        label={t('login.account')}
        validateTrigger={['onChange', 'onBlur']}
        rules={[fieldRule('username')]}
      >
        <Input
          ref={usernameRef}
          prefix={<UserOutlined aria-hidden />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus={autoFocus}
          maxLength={64}
          size="large"
          onKeyDown={onEnter}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        validateTrigger={['onChange', 'onBlur']}
        rules={[fieldRule('password')]}
      >
        <Input.Password
          ref={passwordRef}
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
          size="large"
          onKeyDown={onEnter}
        />
      </Form.Item>
      {!ownCall && (
        <div className="login-form__options">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('login.remember')}</Checkbox>
          </Form.Item>
          <Button type="link" className="login-form__forget" onClick={openForgetPassword}>
            {t('login.forget')}
          </Button>
        </div>
      )}
      {/* The spinner is the button's icon rather than antd's `loading`: its animated loading
          icon can stay on screen when a login fails within the animation (ant-design #27457). */}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        aria-busy={submitting}
        icon={submitting ? <LoadingOutlined aria-hidden /> : undefined}
      >
        {submitText ?? t('login.signIn')}
      </Button>
    </Form>
  );
}
