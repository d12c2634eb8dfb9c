import { useTranslation } from 'react-i18next';
import type { UnitLoginConfig } from '../../../contract/auth';
import { useServerText } from '../../core/i18n/traditional';
import { safeLinkUrl } from '../../core/safe-url';
import './login.css';

/** The unit's logo and name above the login box (the English name when the language is English). */
export function LoginBrand({ config }: { config: UnitLoginConfig | null }) {
  const { i18n } = useTranslation();
  const local = useServerText();
  if (config === null) return <div className="login-brand login-brand--empty" />;
  const name = local(
    i18n.language === 'en' && config.unitEnName !== '' ? config.unitEnName : config.unitName,
  );
  const logo = safeLinkUrl(config.unitImgPath);
  return (
    <div className="login-brand">
      {logo !== null && (
        <img className="login-brand__logo" src={logo} alt="" width={56} height={56} />
      )}
      <h1 className="login-brand__name">{name}</h1>
    </div>
  );
}
