import { useState } from 'react';
import { lazyWidget } from '../../../ui/lazy-part';
import type { SocialProvider } from '../../../../contract/social';
import { OtherPlatforms } from './other-platforms';
import { useSocialProviders } from './use-social-providers';

// The QR container loads only when someone chooses a platform: the login page stays small.
const QrLogin = lazyWidget(async () => (await import('./qr-login')).QrLogin);

export interface SocialLoginProps {
  /** A platform's QR container is shown (the form above it hides) or closed again. */
  onQrChange: (open: boolean) => void;
}

/**
 * The other platforms under the login form and, once one is chosen, its QR container (spec §2).
 * The QR container is its own chunk, loaded when a platform is chosen.
 */
export function SocialLogin({ onQrChange }: SocialLoginProps) {
  const providers = useSocialProviders();
  const [chosen, setChosen] = useState<SocialProvider | null>(null);
  if (chosen !== null) {
    return (
      <QrLogin
        provider={chosen}
        onBack={() => {
          setChosen(null);
          onQrChange(false);
        }}
      />
    );
  }
  return (
    <OtherPlatforms
      providers={providers}
      onChoose={(provider) => {
        setChosen(provider);
        onQrChange(true);
      }}
    />
  );
}
