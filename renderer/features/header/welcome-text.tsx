import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';

/**
 * The header's welcome text with the user's real name (spec §2 page header). A long name is cut
 * with an ellipsis: its whole text is the tooltip, as the unit name's is.
 */
export function WelcomeText() {
  const { t } = useTranslation();
  const realName = useSession((state) => state.user?.realName ?? '');
  if (realName === '') return null;
  const text = t('header.welcome', { name: realName });
  return (
    <span className="app-header__welcome" title={text}>
      {text}
    </span>
  );
}
