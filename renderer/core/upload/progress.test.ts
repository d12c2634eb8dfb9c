import { describe, expect, it } from 'vitest';
import {
  SIMULATED_PROGRESS_CAP,
  SpeedMeter,
  initialSimulatedProgress,
  nextSimulatedProgress,
  remainingSeconds,
} from './progress';

describe('simulated progress (spec §4)', () => {
  it('stays below 80 whatever the random values', () => {
    for (const r of [0, 0.3, 0.999]) {
      let value = initialSimulatedProgress(() => r);
      expect(value).toBeGreaterThan(0);
      for (let step = 0; step < 100; step += 1) value = nextSimulatedProgress(value, () => r);
      expect(value).toBe(SIMULATED_PROGRESS_CAP);
      expect(value).toBeLessThan(80);
    }
  });

  it('moves by a random step', () => {
    expect(nextSimulatedProgress(10, () => 0)).toBe(11);
    expect(nextSimulatedProgress(10, () => 0.95)).toBe(20);
  });
});

describe('SpeedMeter', () => {
  it('measures bytes per second over its window and forgets old samples', () => {
    let now = 0;
    const meter = new SpeedMeter(() => now, 1000);
    meter.add(0);
    now = 500;
    meter.add(500_000);
    expect(meter.speed()).toBe(1_000_000);
    now = 5000;
    meter.add(100);
    now = 5400;
    meter.add(100);
    // The stall before the window does not count: 200 bytes in the last second.
    expect(meter.speed()).toBe(200);
    expect(remainingSeconds(1000, 500)).toBe(2);
    expect(remainingSeconds(1000, 0)).toBeNull();
  });
});
