import { lazy, Suspense, useState } from 'react';
import { Spin } from 'antd';
import type { SocialProvider } from '../../../contract/social';
import { LoginForm, type LoginFormProps } from './login-form';
import { OtherPlatforms } from './social/other-platforms';
import { useSocialProviders } from './social/use-social-providers';

// The QR container loads only when someone chooses a platform: the login page stays small.
const QrLogin = lazy(() => import('./social/qr-login'));

/**
 * The login box's and dialog's content (spec §2): the login form and the list of other
 * platforms; choosing one swaps the form for the platform's QR container.
 */
export function LoginWithPlatforms(props: LoginFormProps) {
  const providers = useSocialProviders();
  const [chosen, setChosen] = useState<SocialProvider | null>(null);
  if (chosen !== null) {
    return (
      <Suspense fallback={<Spin />}>
        <QrLogin
          provider={chosen}
          onBack={() => {
            setChosen(null);
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      <LoginForm {...props} />
      <OtherPlatforms providers={providers} onChoose={setChosen} />
    </>
  );
}
