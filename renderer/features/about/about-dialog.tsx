import { Empty, Modal, Spin, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageInfo, VersionFileEntry } from '../../../contract/desktop';
import {
  fetchPackageInfo,
  fetchServerVersion,
  fetchVersionFile,
  type ServerVersionResult,
} from './api';
import { CompanyLogo } from './company-logo';
import type { Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import { useServerText } from '../../core/i18n/traditional';
import { versionNotes } from './version-check';

/** The about dialog's width (spec §2, §9). */
export const ABOUT_DIALOG_WIDTH = 650;

export interface AboutDialogProps {
  open: boolean;
  onClose: () => void;
  /** The root folder the module deploys under (spec §7 versions: /{root}/{code}/...). */
  root: string;
  /** The module code. */
  code: string;
  /** The OAM flag: hides the company logo and the copyright (spec §2). */
  oam: boolean;
}

interface Loaded {
  packageInfo: PackageInfo | null;
  server: ServerVersionResult;
  releases: VersionFileEntry[];
}

/** What the dialog shows of a module: its front end's, its server's and its releases' versions. */
function aboutQuery(root: string, code: string): Query<Loaded> {
  return {
    key: ['about', root, code],
    fetch: async () => {
      const [packageInfo, server, releases] = await Promise.all([
        fetchPackageInfo(root, code),
        fetchServerVersion(code),
        fetchVersionFile(root, code),
      ]);
      return { packageInfo, server, releases };
    },
  };
}

function AboutContent({ root, code, oam }: Omit<AboutDialogProps, 'open' | 'onClose'>) {
  const { t, i18n } = useTranslation();
  const local = useServerText();
  const { token } = theme.useToken();
  const loaded = useQuery(aboutQuery(root, code)).data ?? null;
  const releasesId = useId();

  const unknown = t('about.unknown');
  const withDate = (version: string, date: string) =>
    date === '' ? version : `${version} (${date})`;
  const frontEnd = loaded?.packageInfo
    ? withDate(loaded.packageInfo.appVersion, loaded.packageInfo.packageDate)
    : unknown;
  const backEnd =
    loaded?.server.kind === 'ok'
      ? withDate(loaded.server.info.serverVersion, loaded.server.info.date)
      : unknown;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {!oam && <CompanyLogo label={t('about.company')} />}
      {loaded === null ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
          <p>{t('about.loading')}</p>
        </div>
      ) : (
        <>
          {/* A plain list, not antd's Descriptions: the login page opens this dialog too, and
              draws only the components of its own stylesheet (scripts/vite/antd-static-styles.ts). */}
          <dl
            style={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              margin: 0,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              overflow: 'hidden',
            }}
          >
            {[
              { key: 'front', label: t('about.frontEndVersion'), value: frontEnd },
              { key: 'back', label: t('about.backEndVersion'), value: backEnd },
            ].map((row, index) => {
              const line =
                index === 0 ? {} : { borderTop: `1px solid ${token.colorBorderSecondary}` };
              return (
                <div key={row.key} style={{ display: 'contents' }}>
                  <dt
                    style={{
                      ...line,
                      padding: '8px 16px',
                      background: token.colorFillAlter,
                      color: token.colorTextSecondary,
                    }}
                  >
                    {row.label}
                  </dt>
                  <dd style={{ ...line, margin: 0, padding: '8px 16px' }}>{row.value}</dd>
                </div>
              );
            })}
          </dl>
          <section aria-labelledby={releasesId}>
            <h2 id={releasesId} style={{ fontSize: token.fontSizeLG, margin: '0 0 8px' }}>
              {t('about.releases')}
            </h2>
            {loaded.releases.length === 0 ? (
              <Empty description={t('about.noReleases')} />
            ) : (
              <ol
                style={{
                  listStyle: 'none',
                  margin: 0,
                  padding: 0,
                  maxHeight: 300,
                  overflowY: 'auto',
                  display: 'grid',
                  gap: 12,
                }}
              >
                {loaded.releases.map((entry, index) => (
                  <li key={`${entry.version}-${String(index)}`}>
                    <p style={{ margin: 0, fontWeight: 600 }}>
                      {entry.version}
                      {entry.date !== '' && (
                        <span style={{ fontWeight: 400, color: token.colorTextSecondary }}>
                          {' '}
                          · <time>{entry.date}</time>
                        </span>
                      )}
                    </p>
                    <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                      {versionNotes(entry, i18n.language).map((note, noteIndex) => (
                        <li key={String(noteIndex)}>{local(note)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
      {!oam && (
        <p style={{ margin: 0, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {t('about.copyright')}
        </p>
      )}
    </div>
  );
}

/**
 * The about dialog (spec §2), 650 px wide: the company logo and the copyright (both hidden when
 * the OAM flag is set), the front-end version (package.json appVersion) and the back-end version
 * (the micro-service's version interface), and the release list with its notes in the user's
 * language. Loaded each time it opens; anything missing shows as unknown, never as an error.
 */
export function AboutDialog({ open, onClose, root, code, oam }: AboutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('about.title')}
      onCancel={onClose}
      footer={null}
      width={ABOUT_DIALOG_WIDTH}
      destroyOnHidden
      closable={{ 'aria-label': t('about.close') }}
    >
      <AboutContent root={root} code={code} oam={oam} />
    </Modal>
  );
}
