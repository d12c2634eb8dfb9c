/**
 * Waits until `check` holds, asking again every 20 ms, for an effect that reaches the server
 * asynchronously (a notification through the database, a lost connection noticed). Fails after
 * `boundMs`, a bound far above what the rule under test promises: the tests run on loaded
 * machines, and speed is the benches' business.
 */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  boundMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`still not ${what} after ${String(boundMs / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
