import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';

/** The header's welcome text with the user's real name (spec §2 page header). */
export function WelcomeText() {
  const { t } = useTranslation();
  const realName = useSession((state) => state.user?.realName ?? '');
  if (realName === '') return null;
  return <span className="app-header__welcome">{t('header.welcome', { name: realName })}</span>;
}
