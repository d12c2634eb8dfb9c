import { Card, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';
import { pageUploadQueue } from '../../core/upload/page-queue';
import { LogoutButton } from '../../features/header/logout-button';
import { WelcomeText } from '../../features/header/welcome-text';
import { LanguageSwitcher } from '../../features/language/language-switcher';
import { LoginDialog } from '../../features/login/login-dialog';
import { useLoginCheck } from '../../features/login/use-login-check';
import { TopLayout } from '../../shell/top-layout';
import { UnitBrand } from '../../shell/unit-brand';
import { ImageUpload } from '../../ui/upload/image-upload';
import { UploadPanel } from '../../ui/upload/upload-panel';
import { goToLogin } from '../navigation';
import { PageLoading } from '../page-frame';
import { useRelogin } from '../relogin-store';
import { MyFilesTable } from './my-files-table';

/**
 * "My files" (/{root}/base/pc_myFiles_all/index.html): the upload widgets of the shared layer on
 * a page of the shell, so chunked upload, instant upload, resume, image and base64 upload, table
 * export and downloads can be used end to end. It needs a session, like the desktop.
 */
export function MyFilesPage() {
  const { t } = useTranslation();
  const outcome = useLoginCheck();
  const relogin = useRelogin();
  const user = useSession((state) => state.user);
  const loggedIn =
    (outcome?.kind === 'logged-in' || outcome?.kind === 'just-logged-in') && user !== null;
  const queue = useMemo(() => (user ? pageUploadQueue(user.userId) : null), [user]);

  useEffect(() => {
    if (outcome === null || loggedIn) return;
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else goToLogin();
  }, [outcome, loggedIn]);

  useEffect(() => {
    document.title = t('myFiles.title');
  }, [t]);

  if (!loggedIn || !queue) return <PageLoading label={t('login.checking')} />;

  return (
    <TopLayout
      brand={<UnitBrand />}
      actions={
        <>
          <WelcomeText />
          <LanguageSwitcher />
          <LogoutButton
            onLoggedOut={() => {
              goToLogin(false);
            }}
          />
        </>
      }
    >
      <Space
        orientation="vertical"
        size="large"
        className="my-files"
        style={{ width: '100%', padding: 24 }}
      >
        <h1>{t('myFiles.title')}</h1>
        <Card title={t('myFiles.upload')}>
          <UploadPanel queue={queue} />
        </Card>
        <Card title={t('myFiles.image')}>
          <ImageUpload queue={queue} />
        </Card>
        <Card title={t('myFiles.files')}>
          <MyFilesTable queue={queue} />
        </Card>
      </Space>
      <LoginDialog open={relogin.required} onLoggedIn={relogin.done} />
    </TopLayout>
  );
}
