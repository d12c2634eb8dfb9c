import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../../../contract/social';
import { providerName } from '../../../core/provider-name';
import { safeLogoUri } from '../../../core/safe-url';
import './social-login.css';

export interface OtherPlatformsProps {
  providers: readonly SocialProvider[];
  onChoose: (provider: SocialProvider) => void;
}

/** The provider's logo (spec §3), or its name's first letter when it has none. */
function ProviderLogo({ provider, name }: { provider: SocialProvider; name: string }) {
  const logo = safeLogoUri(provider.logo);
  if (logo !== null) return <img src={logo} alt="" width={28} height={28} />;
  return (
    <span className="other-platforms__initial" aria-hidden>
      {name.slice(0, 1)}
    </span>
  );
}

/**
 * The list of other platforms under the login form (spec §2 login box and dialog): each
 * provider with its logo and name; choosing one shows its QR container.
 */
export function OtherPlatforms({ providers, onChoose }: OtherPlatformsProps) {
  const { t, i18n } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <section className="other-platforms" aria-labelledby="other-platforms-title">
      <h3 id="other-platforms-title" className="other-platforms__title">
        {t('login.otherPlatforms')}
      </h3>
      <ul className="other-platforms__list">
        {providers.map((provider) => {
          const name = providerName(provider.name, i18n.language);
          return (
            <li key={provider.providerId}>
              <Button
                type="text"
                className="other-platforms__button"
                aria-label={t('login.scanWith', { name })}
                title={name}
                onClick={() => {
                  onChoose(provider);
                }}
              >
                <ProviderLogo provider={provider} name={name} />
                <span className="other-platforms__name">{name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
