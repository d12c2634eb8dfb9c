import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../core/i18n/instance';
import type { LoginCheckOutcome } from './login-check/login-check';
import { checkLogin, type LoginCheckMessages } from './login-session';

/** The check started by the page's boot (startLoginCheck), until the page's hook takes it. */
let early: Promise<LoginCheckOutcome> | null = null;

/** The check's texts, read from i18next when a step needs one (after the language loaded). */
const messages: LoginCheckMessages = {
  get failed() {
    return i18n.t('login.failed');
  },
  get deviceLoginFailed() {
    return i18n.t('login.deviceLoginFailed');
  },
  get ticketPathMissing() {
    return i18n.t('login.ticketPathMissing');
  },
};

function runCheck(lang: string): Promise<LoginCheckOutcome> {
  return checkLogin(new URL(window.location.href), lang, messages);
}

/**
 * Starts the login check of a page that needs a session as soon as its code is here (the boot,
 * bootstrap.tsx), in the language the page opens in, while the page's first render and the
 * language files are still on their way: its calls are the first on the path from sign-in to
 * the desktop's icons (issue 17). The page's useLoginCheck takes it instead of starting its own.
 */
export function startLoginCheck(lang: string): void {
  early ??= runCheck(lang);
}

/**
 * Runs the login check once when the page opens (or takes the one its boot started). Returns
 * null while it runs. A network failure (already reported by the http client) counts as "login
 * required" so the user can act.
 */
export function useLoginCheck(): LoginCheckOutcome | null {
  const { i18n: instance } = useTranslation();
  const [outcome, setOutcome] = useState<LoginCheckOutcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const check = early ?? runCheck(instance.language);
    early = null;
    check
      .then((checked) => {
        // What the outcome reveals (the whole desktop) renders in slices, never one long task.
        startTransition(() => {
          setOutcome(checked);
        });
      })
      .catch(() => {
        setOutcome({ kind: 'login-required' });
      });
  }, [instance]);

  return outcome;
}
