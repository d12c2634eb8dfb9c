// antd's styles for the components pages other than the login page draw: the desktops' set and
// the rest.
import 'virtual:antd-static/desktop.css';
import 'virtual:antd-static/app.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { useServerText } from '../../core/i18n/traditional';
import type { OAuthClientInfo } from '../../../contract/oauth';
import { useQuery } from '../../core/query/use-query';
import { useSession } from '../../core/session/session-store';
import {
  ConsentCard,
  fetchClientInfo,
  parseAuthorizeRequest,
} from '../../features/authorize/index';
import { LanguageSwitcher } from '../../features/language/index';
import { LoginBox, useLoginCheck, type LoginCheckOutcome } from '../../features/login/index';
import { notify } from '../../ui/notify/notify';
import { CheckingSignIn, PageLoading } from '../page-frame';
import './authorize-page.css';

type ClientState =
  | { kind: 'checking' }
  | { kind: 'ok'; client: OAuthClientInfo }
  | { kind: 'refused'; code: string };

const CHECKING: ClientState = { kind: 'checking' };

/** Whether the platform knows the client and its redirect URI (never fails: refused instead). */
async function checkClient(clientId: string, redirectUri: string): Promise<ClientState> {
  try {
    const answer = await fetchClientInfo(clientId, redirectUri);
    return answer.status === SUCCESS_STATUS && answer.data
      ? { kind: 'ok', client: answer.data }
      : { kind: 'refused', code: answer.code };
  } catch {
    return { kind: 'refused', code: 'unknown' };
  }
}

/**
 * The authorisation page for partner applications (spec §2: any path containing authorize;
 * docs/oauth.md). Without client_id it says so; an unknown client or redirect URI is an error
 * that never navigates; a signed-out user signs in here and comes back to the question; a
 * signed-in user allows or denies.
 */
export function AuthorizePage() {
  const { t } = useTranslation();
  const parsed = useMemo(() => parseAuthorizeRequest(new URL(window.location.href)), []);
  const request = parsed.kind === 'request' ? parsed.request : null;
  const client =
    useQuery(
      {
        key: ['oauth-client', request?.clientId ?? '', request?.redirectUri ?? ''],
        fetch: () => checkClient(request?.clientId ?? '', request?.redirectUri ?? ''),
      },
      { enabled: request !== null },
    ).data ?? CHECKING;
  // Each sign-in on the page runs the login check again (a fresh mount of the session gate).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.title = t('authorize.pageTitle');
  }, [t]);

  let content;
  if (parsed.kind === 'missing-client-id') {
    content = (
      <section className="authorize-page__message" role="alert">
        <h1>{t('authorize.missingClientId')}</h1>
      </section>
    );
  } else if (client.kind === 'checking') {
    content = <PageLoading />;
  } else if (client.kind === 'refused') {
    const known = client.code === 'invalid_client' || client.code === 'invalid_redirect_uri';
    content = (
      <section className="authorize-page__message" role="alert">
        <h1>{t('authorize.errorTitle')}</h1>
        <p>{t(`authorize.errors.${known ? client.code : 'unknown'}`)}</p>
      </section>
    );
  } else {
    content = (
      <SessionGate
        key={attempt}
        client={client.client}
        fields={parsed.request.fields}
        onSignedIn={() => {
          setAttempt((value) => value + 1);
        }}
      />
    );
  }

  return (
    <main className="authorize-page">
      <div className="authorize-page__language">
        <LanguageSwitcher />
      </div>
      {content}
    </main>
  );
}

/** The login check, then the question for a signed-in user or the login box for anyone else. */
function SessionGate({
  client,
  fields,
  onSignedIn,
}: {
  client: OAuthClientInfo;
  fields: Record<string, string>;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const local = useServerText();
  const outcome = useLoginCheck();
  const user = useSession((state) => state.user);
  const reported = useRef<LoginCheckOutcome | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'failed' || reported.current === outcome) return;
    reported.current = outcome;
    notify.error(outcome.message, t('login.failedTitle'));
  }, [outcome, t]);

  if (outcome === null) return <CheckingSignIn />;
  const signedIn = outcome.kind === 'logged-in' || outcome.kind === 'just-logged-in';
  if (signedIn && user) {
    return <ConsentCard client={client} userName={user.realName} fields={fields} />;
  }
  return (
    <div className="authorize-page__login">
      <p>{t('authorize.signInFirst', { name: local(client.name) })}</p>
      <LoginBox
        onLoggedIn={() => {
          // The login form has confirmed the sign-in ('登录成功！').
          onSignedIn();
        }}
      />
    </div>
  );
}
