/**
 * The gate the request client's ordinary calls pass before they leave (client.ts `send`). It is
 * open unless a page holds it, as a desktop shell does while it draws its icons for the first
 * time (docs/performance.md). The counts, flags, licence and the other calls the desktop makes
 * when it appears would otherwise be sent, answered and rendered in the very frame the user is
 * waiting for, taking the processor from it on a slow PC (and the server's, on the same one).
 * Urgent calls (RequestOptions.urgent) never wait.
 */
let held: Promise<void> | null = null;

/** Holds the ordinary calls until `release` settles (later holds extend it). */
export function holdCallsUntil(release: Promise<unknown>): void {
  const previous = held;
  const gate: Promise<void> = Promise.all([previous, release.catch(() => undefined)]).then(() => {
    if (held === gate) held = null;
  });
  held = gate;
}

/** What an ordinary call waits for before it leaves: null when the gate is open. */
export function callGate(): Promise<void> | null {
  return held;
}
