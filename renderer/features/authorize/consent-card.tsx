import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { useServerText } from '../../core/i18n/traditional';
import type { OAuthClientInfo, OAuthDecision } from '../../../contract/oauth';
import { safeLogoUri } from '../../core/safe-url';
import { isNavigableAnswer } from './authorize-request';
import { postWebAuth } from './api';

export interface ConsentCardProps {
  client: OAuthClientInfo;
  /** The signed-in user's name. */
  userName: string;
  fields: Record<string, string>;
  /** Follows the answer URL (a page load); tests pass their own. */
  navigate?: (url: string) => void;
}

function assignLocation(url: string): void {
  window.location.assign(url);
}

/**
 * What the signed-in user decides: the partner's name and logo, what it will receive, Allow or
 * Deny. Either answer goes back to the partner through the URL the server built from the
 * registration (Deny as error=access_denied).
 */
export function ConsentCard({
  client,
  userName,
  fields,
  navigate = assignLocation,
}: ConsentCardProps) {
  const { t } = useTranslation();
  const local = useServerText();
  const [sending, setSending] = useState<OAuthDecision | null>(null);
  const name = local(client.name);
  const logo = safeLogoUri(client.logoUri);

  async function decide(decision: OAuthDecision): Promise<void> {
    setSending(decision);
    try {
      const answer = await postWebAuth(fields, decision);
      if (answer.status === SUCCESS_STATUS && isNavigableAnswer(answer.data)) {
        navigate(answer.data);
        return;
      }
    } catch {
      // The request client has shown the error.
    }
    setSending(null);
  }

  return (
    <section className="authorize-card" aria-labelledby="authorize-card-title">
      <div className="authorize-card__partner">
        {logo !== null && <img src={logo} alt="" width={56} height={56} />}
        <h1 id="authorize-card-title" className="authorize-card__title">
          {t('authorize.title', { name })}
        </h1>
      </div>
      <p>{t('authorize.signedInAs', { name: userName })}</p>
      <div>
        <p>{t('authorize.willReceive', { name })}</p>
        <ul>
          {client.scopes.map((scope) => (
            <li key={scope}>{scope === 'profile' ? t('authorize.scopes.profile') : scope}</li>
          ))}
        </ul>
      </div>
      <div className="authorize-card__actions">
        <Button
          type="primary"
          loading={sending === 'allow'}
          disabled={sending !== null}
          onClick={() => void decide('allow')}
        >
          {t('authorize.allow')}
        </Button>
        <Button
          loading={sending === 'deny'}
          disabled={sending !== null}
          onClick={() => void decide('deny')}
        >
          {t('authorize.deny')}
        </Button>
      </div>
    </section>
  );
}
