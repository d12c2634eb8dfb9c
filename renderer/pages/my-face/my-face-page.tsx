// antd's styles for the components pages other than the login page draw: the desktops' set and
// the rest.
import 'virtual:antd-static/desktop.css';
import 'virtual:antd-static/app.css';
import { Button, Card, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceClockingData } from '../../../contract/face';
import type { CurrentUser } from '../../core/session/user-mapper';
import { lazyWidget } from '../../ui/lazy-part';
import { PageLoading } from '../page-frame';
import { SignedInPage } from '../signed-in-page';
import '../login/login-page.css';
import './my-face-page.css';

const FaceWidget = lazyWidget(async () => (await import('../../ui/face/face-widget')).FaceWidget, {
  loading: <PageLoading />,
});

/**
 * "My face" (/{root}/base/pc_myFace_all/index.html): the face widgets of the shared layer on a
 * page of the shell: collect (enrol) one's own face photo, and clock in by face.
 */
export function MyFacePage() {
  return <SignedInPage titleKey="myFace.title" Content={MyFace} />;
}

function MyFace({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [clockedIn, setClockedIn] = useState<FaceClockingData | null>(null);
  // The camera opens for a clock-in only when asked: the page never starts it by itself.
  const [clockRun, setClockRun] = useState(0);
  return (
    <>
      <Card title={<h2 className="my-face__card-title">{t('myFace.collect')}</h2>}>
        <FaceWidget mode="collect" userId={user.userId} />
      </Card>
      <Card title={<h2 className="my-face__card-title">{t('myFace.clockIn')}</h2>}>
        {clockedIn ? (
          <Space orientation="vertical">
            <Descriptions
              column={1}
              items={[
                { key: 'name', label: t('myFace.name'), children: clockedIn.realName },
                { key: 'account', label: t('myFace.account'), children: clockedIn.userName },
                { key: 'time', label: t('myFace.time'), children: clockedIn.clockTime },
              ]}
            />
            <button
              type="button"
              className="login-page__switch"
              onClick={() => {
                setClockedIn(null);
                setClockRun((run) => run + 1);
              }}
            >
              {t('myFace.again')}
            </button>
          </Space>
        ) : clockRun === 0 ? (
          <Button
            type="primary"
            onClick={() => {
              setClockRun(1);
            }}
          >
            {t('myFace.start')}
          </Button>
        ) : (
          <FaceWidget
            key={clockRun}
            mode="orther"
            autoCheck
            onUserInfo={setClockedIn}
            onCancel={() => {
              setClockRun(0);
            }}
          />
        )}
      </Card>
    </>
  );
}
