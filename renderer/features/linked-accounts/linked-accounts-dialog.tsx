import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '../../../contract/social';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { providerName } from '../../core/provider-name';
import { queryCache, type Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import { notify } from '../../ui/notify/notify';
import { fetchLinks, postUnlink } from './api';
import './linked-accounts.css';

export interface LinkedAccountsDialogProps {
  open: boolean;
  onClose: () => void;
}

type Links = { kind: 'loading' } | { kind: 'ready'; links: SocialLink[] } | { kind: 'failed' };

/** The user's links; an answer that is not a list counts as a failure. */
const LINKS_QUERY: Query<SocialLink[]> = {
  key: ['social-links'],
  fetch: async () => {
    const envelope = await fetchLinks();
    if (envelope.status !== SUCCESS_STATUS || !Array.isArray(envelope.data)) {
      throw new Error('social links unavailable');
    }
    return envelope.data;
  },
};

/**
 * The signed-in user's linked third-party accounts (docs/social-login.md), opened from the
 * header: each with its provider, name and date, and Unlink after a confirmation.
 */
export function LinkedAccountsDialog({ open, onClose }: LinkedAccountsDialogProps) {
  const { t, i18n } = useTranslation();
  const answer = useQuery(LINKS_QUERY, { enabled: open });
  let links: Links = { kind: 'loading' };
  if (answer.data !== undefined) links = { kind: 'ready', links: answer.data };
  else if (answer.status === 'error' && !answer.fetching) links = { kind: 'failed' };
  const [busy, setBusy] = useState<string | null>(null);

  function retry(): void {
    void answer.refetch();
  }

  async function unlink(link: SocialLink): Promise<void> {
    setBusy(`${link.issuer}\n${link.subject}`);
    try {
      const envelope = await postUnlink(link);
      if (envelope.status === SUCCESS_STATUS) {
        notify.success(t('linkedAccounts.unlinked'));
        const left = (queryCache.getData(LINKS_QUERY) ?? []).filter(
          (other) => other.issuer !== link.issuer || other.subject !== link.subject,
        );
        queryCache.setData(LINKS_QUERY, left);
      }
    } catch {
      // The http client has shown the error.
    } finally {
      setBusy(null);
    }
  }

  const [confirm, confirmHolder] = Modal.useModal();
  function askUnlink(link: SocialLink, provider: string, nickname: string): void {
    void confirm.confirm({
      title: t('linkedAccounts.unlinkConfirm', { provider, nickname }),
      okText: t('linkedAccounts.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('linkedAccounts.cancel'),
      onOk: () => unlink(link),
    });
  }

  const date = (epoch: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(epoch));

  // Plain markup around antd's Modal and Button: the desktop's download stays as it was.
  return (
    <Modal
      open={open}
      title={t('linkedAccounts.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('linkedAccounts.close')}</Button>}
      destroyOnHidden
    >
      {confirmHolder}
      <p>{t('linkedAccounts.intro')}</p>
      {links.kind === 'loading' && (
        <p className="linked-accounts__status" role="status">
          {t('linkedAccounts.loading')}
        </p>
      )}
      {links.kind === 'failed' && (
        <div className="linked-accounts__status" role="alert">
          <p>{t('linkedAccounts.loadFailed')}</p>
          <Button onClick={retry}>{t('linkedAccounts.retry')}</Button>
        </div>
      )}
      {links.kind === 'ready' && links.links.length === 0 && (
        <p className="linked-accounts__status">{t('linkedAccounts.empty')}</p>
      )}
      {links.kind === 'ready' && links.links.length > 0 && (
        <ul className="linked-accounts__list">
          {links.links.map((link) => {
            const key = `${link.issuer}\n${link.subject}`;
            const provider = providerName(link.providerName, i18n.language);
            const nickname = link.nickname || link.subject;
            return (
              <li key={key} className="linked-accounts__item">
                <div>
                  <div className="linked-accounts__name">{`${provider} · ${nickname}`}</div>
                  <div className="linked-accounts__date">
                    {t('linkedAccounts.linkedAt', { date: date(link.linkedAt) })}
                  </div>
                </div>
                <Button
                  danger
                  loading={busy === key}
                  onClick={() => {
                    askUnlink(link, provider, nickname);
                  }}
                >
                  {t('linkedAccounts.unlink')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
