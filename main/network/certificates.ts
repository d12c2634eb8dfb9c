/**
 * What the client does with a certificate Chromium rejects (docs/desktop-client.md, "Proxies
 * and certificates"): it trusts it only when the administrator listed one of the chain's SHA-256
 * fingerprints in the policy TrustedCertificateFingerprints (a school proxy that re-signs
 * traffic with its own root); otherwise it refuses and shows a page naming what IT must deploy.
 * It never trusts on its own and never offers the user a way to. Pure; certificate-guard.ts
 * connects it to Electron.
 */

/** The parts of Electron's Certificate used here. */
export interface CertificateInfo {
  subjectName: string;
  issuerName: string;
  /** Electron gives "sha256/<base64>". */
  fingerprint: string;
  issuerCert?: CertificateInfo | null | undefined;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const MAX_CHAIN = 10;

/**
 * A SHA-256 fingerprint as 64 lowercase hex digits, from "sha256/<base64>" (Electron) or hex
 * with or without colons or spaces (certmgr, openssl); null for anything else.
 */
export function normalizeFingerprint(text: string): string | null {
  const trimmed = text.trim();
  const base64 = /^sha256\/([A-Za-z0-9+/]{43}=)$/i.exec(trimmed);
  if (base64) {
    const hex = Buffer.from(base64[1] ?? '', 'base64').toString('hex');
    return HEX_SHA256.test(hex) ? hex : null;
  }
  const hex = trimmed
    .replace(/^sha256[:/]\s*/i, '')
    .replace(/[:\s]/g, '')
    .toLowerCase();
  return HEX_SHA256.test(hex) ? hex : null;
}

/** "AB:CD:…", the way certificate viewers show it. */
export function displayFingerprint(hex: string): string {
  return (hex.toUpperCase().match(/../g) ?? []).join(':');
}

/**
 * The policy's list: REG_MULTI_SZ items (policy.ts joins them with ";") or one text separated by
 * commas, semicolons or new lines. Entries that are not fingerprints are returned apart, to log.
 */
export function parseTrustedFingerprints(text: string | undefined): {
  trusted: ReadonlySet<string>;
  invalid: string[];
} {
  const trusted = new Set<string>();
  const invalid: string[] = [];
  for (const item of (text ?? '').split(/[,;\r\n\0]+/)) {
    if (item.trim() === '') continue;
    const hex = normalizeFingerprint(item);
    if (hex === null) invalid.push(item.trim());
    else trusted.add(hex);
  }
  return { trusted, invalid };
}

/** The certificate, then its issuers up to the root (as far as Chromium gives them). */
export function certificateChain(certificate: CertificateInfo): CertificateInfo[] {
  const chain: CertificateInfo[] = [];
  let current: CertificateInfo | null | undefined = certificate;
  while (current && chain.length < MAX_CHAIN && !chain.includes(current)) {
    chain.push(current);
    current = current.issuerCert;
  }
  return chain;
}

export interface CertificateDecision {
  trust: boolean;
  /** The host the page tried to reach. */
  host: string;
  /** Who issued the host's certificate. */
  issuer: string;
  /** What IT deploys: the last certificate of the chain (the root, or the certificate itself). */
  root: { name: string; fingerprint: string };
  /** Which of the chain's fingerprints the policy listed, when trusted. */
  matched: string | null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function decideCertificate(
  url: string,
  certificate: CertificateInfo,
  trusted: ReadonlySet<string>,
): CertificateDecision {
  const chain = certificateChain(certificate);
  const fingerprints = chain.map((item) => normalizeFingerprint(item.fingerprint));
  const matched = fingerprints.find((hex) => hex !== null && trusted.has(hex)) ?? null;
  const last = chain.at(-1) ?? certificate;
  const rootHex = fingerprints.at(-1) ?? null;
  return {
    trust: matched !== null,
    host: hostOf(url),
    issuer: certificate.issuerName,
    root: {
      name: last.subjectName || last.issuerName,
      fingerprint: rootHex === null ? '' : displayFingerprint(rootHex),
    },
    matched: matched === null ? null : displayFingerprint(matched),
  };
}
