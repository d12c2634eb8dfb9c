import { createHash } from 'node:crypto';
import type { Certificate } from 'electron';
import { describe, expect, it } from 'vitest';
import { createCertificateGuard } from './certificate-guard';
import {
  decideCertificate,
  displayFingerprint,
  normalizeFingerprint,
  parseTrustedFingerprints,
  type CertificateInfo,
} from './certificates';

const digest = (seed: string) => createHash('sha256').update(seed).digest();
const electronForm = (seed: string) => `sha256/${digest(seed).toString('base64')}`;
const hex = (seed: string) => digest(seed).toString('hex');

const ROOT: CertificateInfo = {
  subjectName: 'School Proxy Root CA',
  issuerName: 'School Proxy Root CA',
  fingerprint: electronForm('root'),
};
const LEAF: CertificateInfo = {
  subjectName: 'school.example.edu',
  issuerName: 'School Proxy Issuing CA',
  fingerprint: electronForm('leaf'),
  issuerCert: {
    subjectName: 'School Proxy Issuing CA',
    issuerName: 'School Proxy Root CA',
    fingerprint: electronForm('intermediate'),
    issuerCert: ROOT,
  },
};

describe('normalizeFingerprint', () => {
  it('reads Electron’s sha256/base64 form and hex with or without colons', () => {
    const expected = hex('root');
    expect(normalizeFingerprint(electronForm('root'))).toBe(expected);
    expect(normalizeFingerprint(expected.toUpperCase())).toBe(expected);
    expect(normalizeFingerprint(displayFingerprint(expected))).toBe(expected);
    expect(normalizeFingerprint(` ${displayFingerprint(expected).replaceAll(':', ' ')} `)).toBe(
      expected,
    );
  });

  it('refuses anything that is not a SHA-256 fingerprint', () => {
    for (const text of [
      '',
      'abcd',
      'sha1/AAAA',
      hex('x').slice(2),
      `${hex('x')}00`,
      'zz'.repeat(32),
    ])
      expect(normalizeFingerprint(text), text).toBeNull();
  });
});

describe('parseTrustedFingerprints', () => {
  it('splits on commas, semicolons and new lines and reports what is not a fingerprint', () => {
    const list = `${hex('a')}, ${displayFingerprint(hex('b'))};\n${electronForm('c')};nonsense`;
    const { trusted, invalid } = parseTrustedFingerprints(list);
    expect([...trusted]).toEqual([hex('a'), hex('b'), hex('c')]);
    expect(invalid).toEqual(['nonsense']);
    expect(parseTrustedFingerprints(undefined).trusted.size).toBe(0);
  });
});

describe('decideCertificate', () => {
  it('trusts a chain holding a listed certificate, at any place in the chain', () => {
    for (const seed of ['root', 'intermediate', 'leaf']) {
      const decision = decideCertificate(
        'https://school.example.edu/x',
        LEAF,
        new Set([hex(seed)]),
      );
      expect(decision.trust, seed).toBe(true);
      expect(decision.matched).toBe(displayFingerprint(hex(seed)));
    }
  });

  it('refuses any other chain and names the host, issuer and root to deploy', () => {
    expect(
      decideCertificate('https://school.example.edu:8443/x', LEAF, new Set([hex('other')])),
    ).toEqual({
      trust: false,
      host: 'school.example.edu:8443',
      issuer: 'School Proxy Issuing CA',
      root: { name: 'School Proxy Root CA', fingerprint: displayFingerprint(hex('root')) },
      matched: null,
    });
  });

  it('does not loop on a chain that points back to itself', () => {
    const cyclic: CertificateInfo = { ...ROOT };
    cyclic.issuerCert = cyclic;
    expect(decideCertificate('https://a.example/', cyclic, new Set()).trust).toBe(false);
  });
});

describe('certificate guard (app certificate-error)', () => {
  function run(trusted: ReadonlySet<string>, url = 'https://school.example.edu/') {
    const logged: { level: string; msg: string; fields?: unknown }[] = [];
    const guard = createCertificateGuard({
      trusted: () => trusted,
      log: {
        info: (msg, fields) => logged.push({ level: 'info', msg, fields }),
        warn: (msg, fields) => logged.push({ level: 'warn', msg, fields }),
      },
    });
    const answers: boolean[] = [];
    let prevented = false;
    guard.onCertificateError(
      {
        preventDefault: () => {
          prevented = true;
        },
      },
      null,
      url,
      'net::ERR_CERT_AUTHORITY_INVALID',
      LEAF as Certificate,
      (isTrusted) => answers.push(isTrusted),
    );
    return { guard, logged, answers, prevented };
  }

  it('trusts what the policy lists, and logs it', () => {
    const { answers, prevented, logged, guard } = run(new Set([hex('root')]));
    expect(answers).toEqual([true]);
    expect(prevented).toBe(true);
    expect(logged[0]?.level).toBe('info');
    expect(guard.blocked('school.example.edu')).toBeNull();
  });

  it('refuses everything else, logs it and keeps it for the certificate page', () => {
    const { answers, prevented, logged, guard } = run(new Set());
    expect(answers).toEqual([false]);
    expect(prevented).toBe(false);
    expect(logged).toMatchObject([
      {
        level: 'warn',
        msg: 'Certificate refused',
        fields: { host: 'school.example.edu', fingerprint: displayFingerprint(hex('root')) },
      },
    ]);
    expect(guard.blocked('school.example.edu')).toMatchObject({
      issuer: 'School Proxy Issuing CA',
      error: 'net::ERR_CERT_AUTHORITY_INVALID',
    });
  });
});
