import { Alert, Button, Empty, List, Modal, Popconfirm, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '../../../contract/social';
import { splitBilingual, SUCCESS_STATUS } from '../../../contract/envelope';
import { notify } from '../../ui/notify/notify';
import { fetchLinks, postUnlink } from './api';

export interface LinkedAccountsDialogProps {
  open: boolean;
  onClose: () => void;
}

type Links = { kind: 'loading' } | { kind: 'ready'; links: SocialLink[] } | { kind: 'failed' };

/**
 * The signed-in user's linked third-party accounts (issue 15 §4), opened from the header: each
 * with its provider, name and date, and Unlink after a confirmation.
 */
export function LinkedAccountsDialog({ open, onClose }: LinkedAccountsDialogProps) {
  const { t, i18n } = useTranslation();
  const [links, setLinks] = useState<Links>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  // Only the answer sets state, so the effect below may start it.
  const fetchInto = useCallback(() => {
    fetchLinks()
      .then((envelope) => {
        setLinks(
          envelope.status === SUCCESS_STATUS && Array.isArray(envelope.data)
            ? { kind: 'ready', links: envelope.data }
            : { kind: 'failed' },
        );
      })
      .catch(() => {
        setLinks({ kind: 'failed' });
      });
  }, []);

  useEffect(() => {
    if (open) fetchInto();
  }, [open, fetchInto]);

  function retry(): void {
    setLinks({ kind: 'loading' });
    fetchInto();
  }

  async function unlink(link: SocialLink): Promise<void> {
    const key = `${link.issuer}\n${link.subject}`;
    setBusy(key);
    try {
      const envelope = await postUnlink(link);
      if (envelope.status === SUCCESS_STATUS) {
        notify.success(t('linkedAccounts.unlinked'));
        setLinks((current) =>
          current.kind === 'ready'
            ? {
                kind: 'ready',
                links: current.links.filter(
                  (other) => other.issuer !== link.issuer || other.subject !== link.subject,
                ),
              }
            : current,
        );
      }
    } catch {
      // The http client has shown the error.
    } finally {
      setBusy(null);
    }
  }

  const date = (epoch: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(epoch));

  return (
    <Modal
      open={open}
      title={t('linkedAccounts.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('linkedAccounts.close')}</Button>}
      destroyOnHidden
    >
      <p>{t('linkedAccounts.intro')}</p>
      {links.kind === 'loading' && (
        <div className="linked-accounts__loading" aria-busy="true">
          <Spin />
        </div>
      )}
      {links.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('linkedAccounts.loadFailed')}
          action={
            <Button size="small" onClick={retry}>
              {t('linkedAccounts.retry')}
            </Button>
          }
        />
      )}
      {links.kind === 'ready' &&
        (links.links.length === 0 ? (
          <Empty description={t('linkedAccounts.empty')} />
        ) : (
          <List
            dataSource={links.links}
            rowKey={(link) => `${link.issuer}\n${link.subject}`}
            renderItem={(link) => {
              const provider = splitBilingual(link.providerName, i18n.language);
              const nickname = link.nickname || link.subject;
              return (
                <List.Item
                  actions={[
                    <Popconfirm
                      key="unlink"
                      title={t('linkedAccounts.unlinkConfirm', { provider, nickname })}
                      okText={t('linkedAccounts.unlink')}
                      cancelText={t('linkedAccounts.cancel')}
                      onConfirm={() => {
                        void unlink(link);
                      }}
                    >
                      <Button danger loading={busy === `${link.issuer}\n${link.subject}`}>
                        {t('linkedAccounts.unlink')}
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={`${provider} · ${nickname}`}
                    description={t('linkedAccounts.linkedAt', { date: date(link.linkedAt) })}
                  />
                </List.Item>
              );
            }}
          />
        ))}
    </Modal>
  );
}
