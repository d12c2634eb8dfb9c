import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../core/i18n/instance';
import type { LoginCheckOutcome } from './login-check/login-check';
import { checkLogin } from './login-session';

/**
 * The page's login check when it started before the page rendered (`startLoginCheck`), until
 * the page takes it; 'taken' once a page has its check, so a late start runs no second one.
 */
let started: Promise<LoginCheckOutcome> | 'taken' | null = null;

function runCheck(lang: string, t: (key: string) => string): Promise<LoginCheckOutcome> {
  return checkLogin(new URL(window.location.href), lang, {
    failed: t('login.failed'),
    deviceLoginFailed: t('login.deviceLoginFailed'),
    ticketPathMissing: t('login.ticketPathMissing'),
  });
}

/**
 * Starts the page's login check (spec §4, the same steps in the same order) as soon as the
 * language is ready, while the page's code is still downloading (pages/bootstrap.tsx): its first
 * call then waits for neither the page's chunk nor its first render. The page's
 * `useLoginCheck` takes it; does nothing once a page has started its own.
 */
export function startLoginCheck(): void {
  if (started !== null) return;
  started = runCheck(i18n.language, (key) => i18n.t(key));
  // A failure is the page's to handle when it takes the check; never an unhandled rejection.
  started.catch(() => undefined);
}

/** The check started before the page rendered, once; else a fresh one. */
function takeLoginCheck(lang: string, t: (key: string) => string): Promise<LoginCheckOutcome> {
  const early = started;
  started = 'taken';
  return early !== null && early !== 'taken' ? early : runCheck(lang, t);
}

/**
 * Runs the login check once when the page opens. Returns null while it runs. A network failure
 * (already reported by the http client) counts as "login required" so the user can act.
 */
export function useLoginCheck(): LoginCheckOutcome | null {
  const { t, i18n: pageI18n } = useTranslation();
  const [outcome, setOutcome] = useState<LoginCheckOutcome | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (running.current) return;
    running.current = true;
    takeLoginCheck(pageI18n.language, (key) => t(key))
      .then((checked) => {
        // What the outcome reveals (the whole desktop) renders in slices, never one long task.
        startTransition(() => {
          setOutcome(checked);
        });
      })
      .catch(() => {
        setOutcome({ kind: 'login-required' });
      });
  }, [t, pageI18n]);

  return outcome;
}
