/**
 * The session-expiry flow of spec §4: on a 401 the client calls the refresh endpoint once, shared
 * by every request waiting on a 401 at that moment, and replays each of them once when it worked.
 *
 * Requests are stamped with the generation current when they were sent; a generation ends each
 * time a refresh completes. A 401 on a request sent before the last refresh completed is answered
 * by that refresh's outcome instead of starting another one: its token was simply stale. This
 * makes "one refresh for all" hold even when the 401s do not all arrive while the refresh is in
 * flight.
 */
export interface AuthRefresher {
  /** The generation to stamp on a request being sent. */
  generation(): number;
  /** Resolves true when the request (sent at `sentAt`) should be replayed. */
  afterUnauthorized(sentAt: number): Promise<boolean>;
  /** Calls `relogin` at most once per generation (until `sessionRestored`). */
  requestRelogin(reason: string): void;
  /** The user is logged in again: a later failure must ask for a re-login again. */
  sessionRestored(): void;
}

export function createAuthRefresher(
  refresh: () => Promise<boolean>,
  relogin: (reason: string) => void,
): AuthRefresher {
  let generation = 0;
  let lastOutcome = false;
  let inFlight: Promise<boolean> | null = null;
  let reloginGeneration = -1;

  async function run(): Promise<boolean> {
    let outcome = false;
    try {
      outcome = await refresh();
    } catch {
      outcome = false;
    }
    generation += 1;
    lastOutcome = outcome;
    inFlight = null;
    return outcome;
  }

  return {
    generation: () => generation,
    afterUnauthorized(sentAt) {
      if (inFlight) return inFlight;
      if (sentAt < generation && lastOutcome) return Promise.resolve(true);
      if (sentAt < generation) return Promise.resolve(false);
      inFlight = run();
      return inFlight;
    },
    requestRelogin(reason) {
      if (reloginGeneration === generation) return;
      reloginGeneration = generation;
      relogin(reason);
    },
    sessionRestored() {
      reloginGeneration = -1;
    },
  };
}
