// antd's styles for the components pages other than the login page draw: the desktops' set and
// the rest.
import 'virtual:antd-static/desktop.css';
import 'virtual:antd-static/app.css';
import { Card, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pageUploadQueue } from '../../core/upload/page-queue';
import { ImageUpload } from '../../ui/upload/image-upload';
import { UploadPanel } from '../../ui/upload/upload-panel';
import { SignedInPage } from '../signed-in-page';
import { MyFilesTable } from './my-files-table';

/**
 * "My files" (/{root}/base/pc_myFiles_all/index.html): the upload widgets of the shared layer on
 * a page of the shell, so chunked upload, instant upload, resume, image and base64 upload, table
 * export and downloads can be used end to end. It needs a session, like the desktop.
 */
export function MyFilesPage() {
  const { t } = useTranslation();
  return (
    <SignedInPage title={t('myFiles.title')}>
      {(user) => <MyFiles userId={user.userId} />}
    </SignedInPage>
  );
}

function MyFiles({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queue = useMemo(() => pageUploadQueue(userId), [userId]);
  return (
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
  );
}
