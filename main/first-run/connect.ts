import { parseServerUrl, type ServerUrlError } from '../config/server-url';
import type { Reachability } from './reachability';

/** Why the first-run page did not accept an address; each has a text (main.firstRun.errors). */
export type FirstRunError = ServerUrlError | 'unreachable' | 'notPlatform';

export const FIRST_RUN_ERRORS: readonly FirstRunError[] = [
  'empty',
  'invalid',
  'insecure',
  'credentials',
  'unreachable',
  'notPlatform',
];

export function isFirstRunError(value: unknown): value is FirstRunError {
  return typeof value === 'string' && (FIRST_RUN_ERRORS as readonly string[]).includes(value);
}

export type ConnectResult =
  { ok: true; origin: string; url: string } | { ok: false; error: FirstRunError };

/**
 * The user's choice on the first-run page: a valid address (https unless loopback, no
 * credentials) where a platform server answers. Only then is it saved and loaded.
 */
export async function connectToServer(
  input: string,
  check: (origin: string) => Promise<Reachability>,
): Promise<ConnectResult> {
  const parsed = parseServerUrl(input);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const reachability = await check(parsed.origin);
  if (!reachability.ok) return { ok: false, error: reachability.reason };
  return { ok: true, origin: parsed.origin, url: parsed.url };
}
