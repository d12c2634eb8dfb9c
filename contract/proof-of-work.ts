import type { Challenge } from 'altcha-lib';

/** Longest a browser works on one challenge before the sign-in gives up with the server's word. */
const SOLVE_TIMEOUT_MS = 60_000;

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null) return false;
  const { parameters, signature } = value as Record<string, unknown>;
  return typeof parameters === 'object' && parameters !== null && typeof signature === 'string';
}

/**
 * Solves the proof of work a sign-in from an address under attack is asked for
 * (server/auth/proof-of-work.ts: ALTCHA v2, PBKDF2 in WebCrypto, about a second) and returns
 * the header value carrying the solution; undefined when the challenge is malformed or cannot be
 * solved in time. The solver is loaded only when a server asks for it.
 */
export async function solveProofOfWork(challenge: unknown): Promise<string | undefined> {
  if (!isChallenge(challenge)) return undefined;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) return undefined;
  const json = JSON.stringify({ challenge, solution });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}
