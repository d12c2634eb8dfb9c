import { useTranslation } from 'react-i18next';
import type { LoginFormProps } from './login-form';
import { LoginWithPlatforms } from './login-with-platforms';
import './login.css';

/** The login box of the login page (spec §2): a titled card around the login form. */
export function LoginBox({
  onLoggedIn,
  leavesPage = false,
}: Pick<LoginFormProps, 'onLoggedIn' | 'leavesPage'>) {
  const { t } = useTranslation();
  return (
    <section className="login-box" aria-labelledby="login-box-title">
      <h2 id="login-box-title" className="login-box__title">
        {t('login.title')}
      </h2>
      <LoginWithPlatforms onLoggedIn={onLoggedIn} leavesPage={leavesPage} />
    </section>
  );
}
