import type { Certificate, Event, WebContents } from 'electron';
import type { Logger } from '../logging/log';
import { decideCertificate, type CertificateDecision } from './certificates';

/** A refused certificate, as the certificate page shows it. */
export type BlockedCertificate = CertificateDecision & { error: string };

export interface CertificateGuard {
  /** app 'certificate-error' (main/index.ts). */
  onCertificateError(
    event: Pick<Event, 'preventDefault'>,
    contents: WebContents | null,
    url: string,
    error: string,
    certificate: Certificate,
    callback: (isTrusted: boolean) => void,
  ): void;
  /** The last certificate refused for this host, if any. */
  blocked(host: string): BlockedCertificate | null;
}

const MAX_REMEMBERED = 20;

/**
 * Connects certificates.ts to Electron's 'certificate-error': trusts a chain the policy lists,
 * refuses anything else, logs both, and remembers the refusals for the certificate page.
 */
export function createCertificateGuard(options: {
  trusted: () => ReadonlySet<string>;
  log: Pick<Logger, 'info' | 'warn'>;
}): CertificateGuard {
  const refused = new Map<string, BlockedCertificate>();
  return {
    onCertificateError(event, _contents, url, error, certificate, callback) {
      const decision = decideCertificate(url, certificate, options.trusted());
      const fields = {
        host: decision.host,
        error,
        issuer: decision.issuer,
        root: decision.root.name,
        fingerprint: decision.root.fingerprint,
      };
      if (decision.trust) {
        event.preventDefault();
        options.log.info('Certificate trusted by policy TrustedCertificateFingerprints', {
          ...fields,
          matched: decision.matched,
        });
        callback(true);
        return;
      }
      options.log.warn('Certificate refused', fields);
      refused.delete(decision.host);
      refused.set(decision.host, { ...decision, error });
      if (refused.size > MAX_REMEMBERED) {
        const oldest = refused.keys().next().value;
        if (oldest !== undefined) refused.delete(oldest);
      }
      callback(false);
    },
    blocked: (host) => refused.get(host) ?? null,
  };
}
