import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../../../contract/social';
import { SUCCESS_STATUS } from '../../../../contract/envelope';
import { requestSocialState } from './api';
import { providerName } from '../../../core/provider-name';
import { buildAuthorizeUrl, socialRedirectUri } from './authorize-url';
import { rememberSocialState } from './social-state';
import './social-login.css';

export interface QrLoginProps {
  provider: SocialProvider;
  onBack: () => void;
}

type QrState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * The QR container (spec §2: choosing weixin shows a QR container): the provider's QR login page
 * embedded the way WeChat's wxLogin.js embeds it, an iframe that may navigate the top window
 * back to this page with the code once the phone confirms. The state comes from the server and
 * is bound to this browser.
 */
export function QrLogin({ provider, onBack }: QrLoginProps) {
  const { t, i18n } = useTranslation();
  const [qr, setQr] = useState<QrState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const name = providerName(provider.name, i18n.language);

  useEffect(() => {
    let active = true;
    requestSocialState(provider.providerId)
      .then((envelope) => {
        if (!active) return;
        const url =
          envelope.status === SUCCESS_STATUS
            ? buildAuthorizeUrl(
                provider,
                'qr',
                envelope.data.state,
                socialRedirectUri(window.location, provider.providerId),
              )
            : null;
        if (url === null) {
          setQr({ kind: 'failed' });
          return;
        }
        rememberSocialState(envelope.data.state, provider.providerId);
        setQr({ kind: 'ready', url });
      })
      .catch(() => {
        if (active) setQr({ kind: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [provider, attempt]);

  return (
    <section className="qr-login" aria-label={t('login.scanWith', { name })}>
      <div className="qr-login__frame" aria-busy={qr.kind === 'loading'}>
        {/* Plain markup (no antd Spin or Alert): the QR chunk stays small. */}
        {qr.kind === 'loading' && (
          <p className="qr-login__status" role="status">
            {t('login.qrLoading')}
          </p>
        )}
        {qr.kind === 'failed' && (
          <div className="qr-login__status" role="alert">
            <p>{t('login.qrFailed')}</p>
            <Button
              onClick={() => {
                setQr({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('login.retry')}
            </Button>
          </div>
        )}
        {qr.kind === 'ready' && (
          <iframe
            title={t('login.scanWith', { name })}
            src={qr.url}
            width={300}
            height={400}
            // As wxLogin.js: the frame may run its script and send the top window back with
            // the code; it gets nothing else (no popups, no forms outside itself).
            sandbox="allow-scripts allow-same-origin allow-top-navigation allow-forms"
            referrerPolicy="no-referrer"
          />
        )}
      </div>
      <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
        {t('login.backToPassword')}
      </Button>
    </section>
  );
}
