/**
 * Speed and remaining time of an upload: bytes sent over a sliding window, so a stall shows at
 * once and a burst does not linger.
 */
export class SpeedMeter {
  private samples: { at: number; total: number }[] = [];
  private total = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly windowMs = 5000,
  ) {}

  /** Records `bytes` more sent (negative after a rollback is ignored: it was sent anyway). */
  add(bytes: number): void {
    if (bytes > 0) this.total += bytes;
    const at = this.now();
    this.samples.push({ at, total: this.total });
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) < at - this.windowMs) {
      this.samples.shift();
    }
  }

  /**
   * Bytes per second over the window. The oldest kept sample may predate the window (it is the
   * baseline); its time is clamped to the window's start, so a long stall does not dilute the
   * rate once bytes flow again.
   */
  speed(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last) return 0;
    const since = Math.max(first.at, last.at - this.windowMs);
    if (last.at - since < 200) return 0;
    return ((last.total - first.total) * 1000) / (last.at - since);
  }

  reset(): void {
    this.samples = [];
    this.total = 0;
  }
}

/** Seconds left at the current speed, or null when unknown. */
export function remainingSeconds(bytesLeft: number, bytesPerSecond: number): number | null {
  if (bytesPerSecond <= 0) return null;
  return Math.max(0, Math.ceil(bytesLeft / bytesPerSecond));
}

/** Spec §4: a single-request upload shows a random value below 80 until it completes at 100. */
export const SIMULATED_PROGRESS_CAP = 79;

/** The next simulated value: a random step up, never reaching 80. */
export function nextSimulatedProgress(current: number, random: () => number = Math.random): number {
  const step = 1 + Math.floor(random() * 10);
  return Math.min(SIMULATED_PROGRESS_CAP, Math.max(current, 0) + step);
}

/** Where simulated progress starts: a random value from 5 to 34. */
export function initialSimulatedProgress(random: () => number = Math.random): number {
  return 5 + Math.floor(random() * 30);
}
