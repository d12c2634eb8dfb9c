import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { notify } from '../../ui/notify/notify';
import { afterFirstViewQuery } from '../../core/first-view';
import type { Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import { fetchPackageInfo, fetchServerVersion } from './api';
import { versionCheckOutcome, type VersionCheckOutcome } from './version-check';

export type VersionCheckState = { kind: 'checking' } | VersionCheckOutcome;

/** Alerts stay until closed: they ask someone to act. */
const ALERT_DURATION_MS = 0;

function announce(outcome: VersionCheckOutcome, code: string, i18n: I18n): void {
  const t = i18n.t.bind(i18n);
  switch (outcome.kind) {
    case 'server-too-old':
    case 'front-end-too-old': {
      const key = outcome.kind === 'server-too-old' ? 'serverTooOld' : 'frontEndTooOld';
      const values = { required: outcome.required, current: outcome.current };
      notify.warning(
        t(`about.check.${key}`, values),
        t('about.check.alertTitle'),
        ALERT_DURATION_MS,
      );
      return;
    }
    case 'missing-interface':
      notify.warning(t('about.check.missingInterface', { code }), t('about.check.noticeTitle'));
      return;
    case 'ok':
    case 'unavailable':
      return;
  }
}

/**
 * The version check of module `code` under `root` as the query cache knows it: the outcome,
 * announced once per call (a call whose component left says nothing). Its call is made after
 * the page's first view (core/first-view.ts), so it never competes with what the user waits for.
 */
function versionCheckQuery(root: string, code: string, i18n: I18n): Query<VersionCheckOutcome> {
  return afterFirstViewQuery({
    key: ['version-check', root, code],
    fetch: async (signal) => {
      const [packageInfo, server] = await Promise.all([
        fetchPackageInfo(root, code),
        fetchServerVersion(code),
      ]);
      const outcome = versionCheckOutcome(packageInfo, server);
      if (!signal.aborted) announce(outcome, code, i18n);
      return outcome;
    },
  });
}

/**
 * The version check of spec §4 for the module `code` under `root`: reads the front end's
 * package.json and the server's version interface, compares them (segments padded to 4 digits)
 * and raises the §8 alerts: the front end depends on a newer server, the server depends on a
 * newer front end, or (404 or an empty result) the micro-service lacks a version interface.
 * Runs once per root and code; an empty root or code skips it. `when` false defers it (a page
 * runs it after its first content, so it never competes with what the user waits for).
 */
export function useVersionCheck(root: string, code: string, when = true): VersionCheckState {
  const { i18n } = useTranslation();
  const skip = root === '' || code === '';
  // A background answer: its re-render is a transition (useQuery's default), sliced on a slow PC.
  const outcome = useQuery(versionCheckQuery(root, code, i18n), { enabled: !skip && when }).data;
  if (skip) return { kind: 'unavailable' };
  return outcome ?? { kind: 'checking' };
}
