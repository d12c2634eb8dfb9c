import type { LangType } from '../../contract/languages';
import type { MainTranslate } from '../i18n/main-i18n';
import { APP_ORIGIN } from '../windows/url-policy';
import type { BlockedCertificate } from './certificate-guard';
import type { ProxyPrompt } from './proxy-login';

/**
 * The values of the two school-network pages served over app://edudesk/ (app-protocol.ts,
 * resources/pages/): the certificate page and the proxy sign-in dialog. Main fills them from
 * its own state, looked up by what the URL names; the URL never carries what the page shows as
 * fact (an issuer or fingerprint) nor any credential.
 */

const MAX_SHOWN = 300;
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

export function certificatePageUrl(lang: string, host: string): string {
  const url = new URL(`${APP_ORIGIN}/certificate.html`);
  url.searchParams.set('lang', lang);
  url.searchParams.set('host', host);
  return url.href;
}

export function certificateValues(
  t: MainTranslate,
  lang: LangType,
  host: string,
  blocked: BlockedCertificate | null,
): Record<string, string> {
  const shown = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? t('main.certificate.unknown') : clip(text);
  const values: Record<string, string> = {
    lang,
    host: shown(host),
    issuer: shown(blocked?.issuer),
    root: shown(blocked?.root.name),
    fingerprint: shown(blocked?.root.fingerprint),
    error: shown(blocked?.error),
  };
  for (const key of ['title', 'heading', 'ask', 'retry'])
    values[key] = t(`main.certificate.${key}`);
  values.body = t('main.certificate.body', { host: values.host });
  for (const key of ['host', 'issuer', 'root', 'fingerprint', 'error']) {
    values[`${key}Label`] = t(`main.certificate.${key}`);
  }
  return values;
}

export function proxyLoginPageUrl(lang: string, id: number): string {
  const url = new URL(`${APP_ORIGIN}/proxy-login.html`);
  url.searchParams.set('lang', lang);
  url.searchParams.set('id', String(id));
  return url.href;
}

export function proxyLoginValues(
  t: MainTranslate,
  lang: LangType,
  id: number,
  prompt: ProxyPrompt,
): Record<string, string> {
  return {
    lang,
    id: String(id),
    title: t('main.proxy.title'),
    heading: t('main.proxy.heading'),
    body: t('main.proxy.body', { proxy: clip(prompt.proxy) }),
    realm: prompt.realm.trim() === '' ? '' : t('main.proxy.realm', { realm: clip(prompt.realm) }),
    usernameLabel: t('main.proxy.username'),
    passwordLabel: t('main.proxy.password'),
    username: clip(prompt.username),
    remember: t('main.proxy.remember'),
    rememberHidden: prompt.canSave ? '' : 'hidden',
    error: prompt.failed ? t('main.proxy.failed') : '',
    invalid: prompt.failed ? 'true' : 'false',
    submit: t('main.proxy.submit'),
    cancel: t('main.proxy.cancel'),
  };
}
