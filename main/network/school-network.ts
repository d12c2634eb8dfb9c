import { app, BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { PageValues } from '../first-run/app-protocol';
import type { MainTranslate } from '../i18n/main-i18n';
import type { Logger } from '../logging/log';
import type { Vault } from '../vault/vault';
import { createCertificateGuard, type CertificateGuard } from './certificate-guard';
import { parseTrustedFingerprints } from './certificates';
import { certificateValues, proxyLoginValues } from './pages';
import { createProxyDialog } from './proxy-dialog';
import { createProxyLogin } from './proxy-login';

export interface SchoolNetworkDeps {
  /** The policy's TrustedCertificateFingerprints (REG_MULTI_SZ joined by `;`), if any. */
  trustedFingerprints: string | undefined;
  /** DisableProxyCredentialSaving. */
  forbidSavingProxyLogins: boolean;
  vault: Vault;
  createWindow: (options: BrowserWindowConstructorOptions) => BrowserWindow;
  language: () => string;
  t: MainTranslate;
  log: Logger;
}

/**
 * Connects school networks to Electron (docs/desktop-client.md, "Proxies and certificates"):
 * certificates the policy trusts (app `certificate-error`), proxies that ask for a sign-in (app
 * `login`). The decisions live in certificates.ts and proxy-login.ts; this is the thin part.
 * Answers the local pages these show (certificate.html, proxy-login.html) for app://.
 */
export function wireSchoolNetwork(deps: SchoolNetworkDeps): Readonly<Record<string, PageValues>> {
  const { vault, log } = deps;
  const fingerprints = parseTrustedFingerprints(deps.trustedFingerprints);
  for (const item of fingerprints.invalid) {
    log.warn(`Policy TrustedCertificateFingerprints: "${item}" is not a SHA-256 fingerprint`);
  }
  const certificates = createCertificateGuard({ trusted: () => fingerprints.trusted, log });
  const onCertError: CertificateGuard['onCertificateError'] = (...args) => {
    certificates.onCertificateError(...args);
  };
  // Reviewed: trusts only chains the administrator listed by policy (certificates.ts).
  app.on('certificate-error', onCertError); /* eng-disable CERTIFICATE_ERROR_EVENT_JS_CHECK */

  const proxyDialog = createProxyDialog({
    createWindow: (options) => {
      // Modal to the window the user is looking at, when there is one.
      const parent = BrowserWindow.getFocusedWindow();
      return deps.createWindow({ ...options, ...(parent ? { parent, modal: true } : {}) });
    },
    language: deps.language,
    t: deps.t,
  });
  const proxyLogin = createProxyLogin({
    vault: {
      load: (key) => vault.loadProxyLogin(key),
      save: (key, credentials) => vault.saveProxyLogin(key, credentials),
      clear: (key) => vault.clearProxyLogin(key),
    },
    canSave: async () => !deps.forbidSavingProxyLogins && (await vault.status()).available,
    ask: (prompt) => proxyDialog.ask(prompt),
    log,
  });
  app.on('login', (event, _contents, details, authInfo, callback) => {
    // A server's own sign-in (not a proxy) is left to Chromium, which cancels it.
    if (!authInfo.isProxy) return;
    event.preventDefault();
    void proxyLogin.handle(authInfo, details.firstAuthAttempt, callback);
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument && !details.url.startsWith('app:')) {
        proxyLogin.reset();
      }
    });
  });

  return {
    '/certificate.html': (pageT, lang, params) => {
      const host = params.get('host') ?? '';
      return certificateValues(pageT, lang, host, certificates.blocked(host));
    },
    '/proxy-login.html': (pageT, lang, params) => {
      const id = Number(params.get('id'));
      const prompt = proxyDialog.prompt(id);
      return prompt ? proxyLoginValues(pageT, lang, id, prompt) : null;
    },
  };
}
