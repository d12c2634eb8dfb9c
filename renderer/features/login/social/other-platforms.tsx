import { WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../../../contract/social';
import { splitBilingual } from '../../../../contract/envelope';
import { safeLogoUri } from '../../../core/safe-url';

export interface OtherPlatformsProps {
  providers: readonly SocialProvider[];
  onChoose: (provider: SocialProvider) => void;
}

function ProviderLogo({ provider }: { provider: SocialProvider }) {
  const logo = safeLogoUri(provider.logo);
  if (logo !== null) return <img src={logo} alt="" width={28} height={28} />;
  return provider.kind === 'wecom' ? (
    <WechatWorkOutlined aria-hidden style={{ fontSize: 28, color: '#2b7ce9' }} />
  ) : (
    <WechatOutlined aria-hidden style={{ fontSize: 28, color: '#07c160' }} />
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
          const name = splitBilingual(provider.name, i18n.language);
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
                <ProviderLogo provider={provider} />
                <span className="other-platforms__name">{name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
