import { useState } from 'react';
import { LoginForm, type LoginFormProps } from './login-form';
import { SocialLogin } from './social/social-login';

/**
 * The login box's and dialog's content (spec §2): the login form and the list of other
 * platforms; choosing one swaps the form for the platform's QR container.
 */
export function LoginWithPlatforms(props: LoginFormProps) {
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <>
      {!qrOpen && <LoginForm {...props} />}
      <SocialLogin onQrChange={setQrOpen} />
    </>
  );
}
