import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { hashQuery, useHash } from '../../core/hash-route';

/**
 * The account-binding page (spec §2 /bind/): a third-party identity that is not bound to an
 * account yet. It shows the error code (query id); the binding flow itself comes with the
 * single-sign-on issue.
 */
export function BindView() {
  const { t } = useTranslation();
  const hash = useHash();
  const code =
    hashQuery(hash).get('id') ?? new URLSearchParams(window.location.search).get('id') ?? '';
  return (
    <main className="simple-page">
      <Result
        status="warning"
        title={t('bind.title')}
        subTitle={code === '' ? t('bind.noCode') : t('bind.code', { code })}
        extra={<a href="/login">{t('bind.backToLogin')}</a>}
      />
    </main>
  );
}
