import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginData } from '../../../contract/auth';
import type { SocialPendingIdentity } from '../../../contract/social';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { hashQuery, useHash } from '../../core/hash-route';
import type { Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import {
  announceLoginSuccess,
  fetchPendingIdentity,
  LoginForm,
  loginWith,
  postBind,
} from '../../features/login/index';
import { providerName } from '../../core/provider-name';
import { goToLanding } from '../navigation';
import { PageLoading } from '../page-frame';
import './login-page.css';
import './bind-view.css';

type Pending =
  { kind: 'loading' } | { kind: 'found'; identity: SocialPendingIdentity } | { kind: 'missing' };

/**
 * The binding page's box, the same whether the identity was found or not: its title, what the
 * page says, the error code for support (when the address has one) and the way back to /login.
 */
function BindFrame({ code, children }: { code: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="simple-page">
      <section className="login-box" aria-labelledby="bind-title">
        <h1 id="bind-title" className="login-box__title">
          {t('bind.title')}
        </h1>
        {children}
        {code !== '' && <p className="bind-page__code">{t('bind.code', { code })}</p>}
        <p className="bind-page__back">
          <a href="/login">{t('bind.backToLogin')}</a>
        </p>
      </section>
    </main>
  );
}

/**
 * The account-binding page (spec §2 /bind/ and /{root}/login/pc_bind_all/index.html; query id,
 * openid, unionid, deviceId): a third-party identity the provider vouched for is not linked
 * yet. The user signs in with their platform account and password to link it, then lands as
 * after any login. The identity comes from the server's pending record of this browser, never
 * from the address, which only carries the error code shown for support.
 */
const LOADING: Pending = { kind: 'loading' };

/** The third-party identity waiting to be linked in this browser (never fails: missing). */
const PENDING_IDENTITY: Query<Pending> = {
  key: ['pending-identity'],
  fetch: async () => {
    try {
      const envelope = await fetchPendingIdentity();
      return envelope.status === SUCCESS_STATUS && envelope.data !== null
        ? { kind: 'found', identity: envelope.data }
        : { kind: 'missing' };
    } catch {
      return { kind: 'missing' };
    }
  },
};

export function BindView() {
  const { t, i18n } = useTranslation();
  const hash = useHash();
  const code =
    hashQuery(hash).get('id') ?? new URLSearchParams(window.location.search).get('id') ?? '';
  const pending = useQuery(PENDING_IDENTITY).data ?? LOADING;

  // Plain elements, no antd Result or Spin: the page shares the login page's download.
  if (pending.kind === 'loading') {
    return (
      <main className="simple-page">
        <PageLoading label={t('bind.loading')} />
      </main>
    );
  }
  if (pending.kind === 'missing') {
    return (
      <BindFrame code={code}>
        <p className="bind-page__intro" role="alert">
          {t('bind.expired')}
        </p>
      </BindFrame>
    );
  }

  const provider = providerName(pending.identity.providerName, i18n.language);
  const nickname = pending.identity.nickname;
  return (
    <BindFrame code={code}>
      <p className="bind-page__intro">
        {nickname === ''
          ? t('bind.introNoName', { provider })
          : t('bind.intro', { provider, nickname })}
      </p>
      <LoginForm
        submitText={t('bind.submit')}
        submitWith={(username, password) =>
          loginWith(postBind(username, password), i18n.language, t('login.failed'))
        }
        onLoggedIn={(data: LoginData) => {
          announceLoginSuccess();
          goToLanding(data);
        }}
      />
    </BindFrame>
  );
}
