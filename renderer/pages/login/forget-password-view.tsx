import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import './login-page.css';

/** The forgot-password page (spec §2, opened in a new window from the login box). */
export function ForgetPasswordView() {
  const { t } = useTranslation();
  return (
    <main className="simple-page">
      <Result
        status="info"
        title={t('forgetPassword.title')}
        subTitle={t('forgetPassword.body')}
        extra={<a href="/login">{t('bind.backToLogin')}</a>}
      />
    </main>
  );
}
