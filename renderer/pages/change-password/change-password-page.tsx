// antd's styles for the components pages other than the login page draw: the desktops' set and
// the rest.
import 'virtual:antd-static/desktop.css';
import 'virtual:antd-static/app.css';
import './change-password.css';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api-paths';
import { INVALID_GRANT, PASSWORD_MIN_LENGTH, PASSWORD_REFUSED } from '../../../contract/auth-codes';
import { splitBilingual, SUCCESS_STATUS, type ApiEnvelope } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import { isHttpError } from '../../core/http/errors';
import { currentLanguage } from '../../core/i18n/instance';
import type { CurrentUser } from '../../core/session/user-mapper';
import { goToLanding } from '../navigation';
import { SignedInPage } from '../signed-in-page';

/**
 * "Change password" (/{root}/base/pc_changePassword_all/index.html): where a user who signed in
 * with a one-time password (the admin tool's import-users or reset-password) is sent from every
 * page until they choose their own (docs/security.md, "First sign-in password change"); any
 * signed-in user may use it. After the change: the page that sent them here (redirect_uri), else
 * the desktop.
 */
export function ChangePasswordPage() {
  return <SignedInPage titleKey="changePassword.title" Content={ChangePassword} />;
}

interface Fields {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

function changePassword(oldPassword: string, newPassword: string): Promise<ApiEnvelope> {
  // The answer is read here: a refusal is shown on its field, never as a toast.
  return http.post(API.changePassword, { oldPassword, newPassword }, { noIntercept: true });
}

/** The server's words for a refused field (`中文|||English`) in the page's language. */
function fieldMessage(envelope: ApiEnvelope, field: string): string | undefined {
  const found = envelope.fieldErrors.find((error) => error.field === field);
  return found && splitBilingual(found.message, currentLanguage());
}

function ChangePassword({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's reason for refusing the new password replaces the rule under it until the
  // field is edited (both at once would say the same twice).
  const [newRefused, setNewRefused] = useState(false);
  const min = PASSWORD_MIN_LENGTH;

  async function submit({ oldPassword, newPassword }: Fields): Promise<void> {
    setSending(true);
    setFailure(null);
    try {
      const envelope = await changePassword(oldPassword, newPassword);
      if (envelope.status === SUCCESS_STATUS) {
        goToLanding();
        return;
      }
      const field =
        envelope.code === PASSWORD_REFUSED
          ? 'newPassword'
          : envelope.code === INVALID_GRANT
            ? 'oldPassword'
            : undefined;
      const message = field === undefined ? undefined : fieldMessage(envelope, field);
      if (field !== undefined && message !== undefined) {
        form.setFields([{ name: field, errors: [message] }]);
        setNewRefused(field === 'newPassword');
        form.focusField(field);
      } else {
        setFailure(splitBilingual(envelope.message, currentLanguage()));
      }
    } catch (error) {
      setFailure(isHttpError(error) ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="change-password">
      <p className="change-password__intro">
        {user.mustChangePassword ? t('changePassword.intro') : t('changePassword.introVoluntary')}
      </p>
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={sending}
        onFinish={(fields) => void submit(fields)}
      >
        {/* The account's name, for password managers (WCAG 2.2 accessible authentication). */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user.loginName}
          readOnly
          hidden
        />
        <Form.Item
          name="oldPassword"
          label={t('changePassword.current')}
          rules={[{ required: true, message: t('changePassword.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('changePassword.new')}
          extra={newRefused ? undefined : t('changePassword.rule', { count: min })}
          rules={[
            { required: true, message: t('changePassword.newRequired') },
            { min, message: t('changePassword.tooShort', { count: min }) },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={128}
            onChange={() => {
              setNewRefused(false);
            }}
          />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('changePassword.repeat')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('changePassword.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === undefined || value === '' || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('changePassword.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        {failure === null ? null : (
          <Alert className="change-password__failure" type="error" title={failure} showIcon />
        )}
        <Button
          className="change-password__submit"
          type="primary"
          htmlType="submit"
          loading={sending}
          block
        >
          {t('changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
