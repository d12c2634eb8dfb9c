import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The proof of work a sign-in from an address under attack must carry (ALTCHA v2, self-hosted:
 * altcha-lib here, its solver in the request client, renderer/core/http/proof-of-work.ts).
 *
 * A challenge asks for the counter whose PBKDF2-SHA-256 key (COST iterations) starts with a
 * given prefix; the server picks that counter at random in COUNTER_RANGE and signs the key
 * (deterministic mode), so checking a solution is two HMACs, not a key derivation. The range is
 * set so a person's browser needs about a second (at most about 3 s on a slow laptop,
 * docs/security.md): a guess from that address then costs the guesser as much.
 */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';
export const PROOF_COST = 1000;
export const COUNTER_RANGE: readonly [number, number] = [500, 2500];
/** How long a challenge can be answered. */
export const PROOF_TTL_SECONDS = 300;

export interface ProofSecrets {
  signature: string;
  key: string;
}

/** What a solution header decodes to. */
interface ProofPayload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The header's base64 JSON, shaped as a payload, or undefined (no exceptions for bad input). */
function decodePayload(header: string): ProofPayload | undefined {
  if (header.length > 4096) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) {
    return undefined;
  }
  const { challenge, solution } = value;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== 'string') return undefined;
  if (!Number.isSafeInteger(solution.counter) || typeof solution.derivedKey !== 'string') {
    return undefined;
  }
  return value as unknown as ProofPayload;
}

export class ProofOfWork {
  /**
   * `secrets` is asked on first use (they live in the database, server/db/server-secrets.ts) and
   * kept; a failed read is tried again on the next use.
   */
  constructor(
    private readonly secrets: () => Promise<ProofSecrets>,
    private readonly now: () => number,
  ) {}

  private loaded: Promise<ProofSecrets> | undefined;

  private loadSecrets(): Promise<ProofSecrets> {
    this.loaded ??= this.secrets().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  /** A new signed challenge; its expiry is in its signed data (the server's clock decides). */
  async challenge(): Promise<Challenge> {
    const secrets = await this.loadSecrets();
    return createChallenge({
      algorithm: PROOF_ALGORITHM,
      cost: PROOF_COST,
      counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
      deriveKey,
      data: { expires: this.now() + PROOF_TTL_SECONDS * 1000 },
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
  }

  /**
   * The challenge's signature and expiry when the header holds a valid, unexpired solution of a
   * challenge of ours; undefined otherwise. The caller spends the signature (one use each).
   */
  async verify(
    header: string | undefined,
  ): Promise<{ signature: string; expires: number } | undefined> {
    if (header === undefined || header === '') return undefined;
    const payload = decodePayload(header);
    if (!payload) return undefined;
    const expires = payload.challenge.parameters.data?.expires;
    if (typeof expires !== 'number' || expires <= this.now()) return undefined;
    const secrets = await this.loadSecrets();
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.key,
      });
      if (!result.verified || payload.challenge.signature === undefined) return undefined;
      return { signature: payload.challenge.signature, expires };
    } catch {
      return undefined;
    }
  }
}
