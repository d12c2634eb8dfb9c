import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginCheckOutcome } from './login-check/login-check';
import { checkLogin } from './login-session';

/**
 * Runs the login check once when the page opens. Returns null while it runs. A network failure
 * (already reported by the http client) counts as "login required" so the user can act.
 */
export function useLoginCheck(): LoginCheckOutcome | null {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<LoginCheckOutcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkLogin(new URL(window.location.href), i18n.language, {
      failed: t('login.failed'),
      deviceLoginFailed: t('login.deviceLoginFailed'),
      ticketPathMissing: t('login.ticketPathMissing'),
    })
      .then((checked) => {
        // What the outcome reveals (the whole desktop) renders in slices, never one long task.
        startTransition(() => {
          setOutcome(checked);
        });
      })
      .catch(() => {
        setOutcome({ kind: 'login-required' });
      });
  }, [t, i18n]);

  return outcome;
}
