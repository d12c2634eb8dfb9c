import { readSession, writeSession, STORAGE_KEYS } from '../../../core/storage-keys';

/** At most this many started sign-ins are remembered per tab (the oldest are forgotten). */
const MAX_STATES = 8;

function load(): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(readSession(STORAGE_KEYS.socialStates) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is [string, string] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Remembers which provider a sign-in started with `state` (issued by the server and bound to
 * this browser by a cookie; this record only tells the callback which provider answered when
 * the provider dropped the plat parameter).
 */
export function rememberSocialState(state: string, providerId: string): void {
  const states = load().filter(([known]) => known !== state);
  states.push([state, providerId]);
  writeSession(STORAGE_KEYS.socialStates, JSON.stringify(states.slice(-MAX_STATES)));
}

export function socialProviderOfState(state: string): string | null {
  return load().find(([known]) => known === state)?.[1] ?? null;
}
