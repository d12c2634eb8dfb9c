// antd's styles for the components pages other than the login page draw: the desktops' set and
// the rest.
import 'virtual:antd-static/desktop.css';
import 'virtual:antd-static/app.css';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../core/session/user-mapper';
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
  return <SignedInPage titleKey="myFiles.title" Content={MyFiles} />;
}

function MyFiles({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queue = useMemo(() => pageUploadQueue(user.userId), [user.userId]);
  return (
    <>
      <Card title={t('myFiles.upload')}>
        <UploadPanel queue={queue} />
      </Card>
      <Card title={t('myFiles.image')}>
        <ImageUpload queue={queue} />
      </Card>
      <Card title={t('myFiles.files')}>
        <MyFilesTable queue={queue} />
      </Card>
    </>
  );
}
