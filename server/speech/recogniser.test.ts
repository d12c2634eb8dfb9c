import { describe, expect, it } from 'vitest';
import { grammarCommand, trimDigitalSilence } from './recogniser';

/** 16-bit little-endian PCM of these samples. */
function pcm(samples: readonly number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => buffer.writeInt16LE(sample, index * 2));
  return buffer;
}

const KEPT = 3200; // 0.2 s at 16 kHz

describe('trimDigitalSilence', () => {
  it('keeps 0.2 s of the digital silence before and after the voice', () => {
    const voice = [900, -1200, 40, -3];
    const input = pcm([
      ...Array<number>(10_000).fill(0),
      ...voice,
      ...Array<number>(8_000).fill(1),
    ]);
    const trimmed = trimDigitalSilence(input);
    expect(trimmed.length / 2).toBe(KEPT + voice.length + KEPT);
    expect(trimmed.readInt16LE(KEPT * 2)).toBe(900);
    expect(trimmed.readInt16LE((KEPT + voice.length - 1) * 2)).toBe(-3);
  });

  it('leaves a recording with a noise floor, or with little silence, as it is', () => {
    const noisy = pcm(Array.from({ length: 20_000 }, (_, index) => (index % 2 === 0 ? 5 : -6)));
    expect(trimDigitalSilence(noisy)).toEqual(noisy);
    const short = pcm([0, 0, 700, 0, 0]);
    expect(trimDigitalSilence(short)).toEqual(short);
  });

  it('is empty for digital silence alone, and ignores a trailing odd byte', () => {
    expect(trimDigitalSilence(pcm(Array<number>(32_000).fill(0))).length).toBe(0);
    expect(trimDigitalSilence(Buffer.alloc(0)).length).toBe(0);
    const odd = Buffer.concat([pcm([0, 500, 0]), Buffer.from([7])]);
    expect(trimDigitalSilence(odd).length).toBe(6);
  });
});

describe('grammarCommand', () => {
  it('is the command the grammar heard, noise at an utterance’s ends trimmed', () => {
    expect(grammarCommand('open notices\n')).toBe('open notices');
    expect(grammarCommand('garbage_k open notices garbage_ah\n')).toBe('open notices');
    // A command in two utterances (a pause between), each a command of its own.
    expect(grammarCommand('notices\nopen schedule\n')).toBe('notices open schedule');
  });

  it('is empty when nothing was heard, and null for noise alone', () => {
    expect(grammarCommand('')).toBe('');
    expect(grammarCommand('\n\n')).toBe('');
    expect(grammarCommand('garbage_ah\n')).toBeNull();
  });

  it('is null when any utterance is speech that is no command, whatever the others matched', () => {
    // "what is the weather" cut in two by a pause: the second piece matched a command alone.
    expect(
      grammarCommand('garbage_w garbage_ah garbage_t garbage_ih garbage_z\nopen notices\n'),
    ).toBeNull();
    expect(grammarCommand('open garbage_w garbage_eh garbage_dh garbage_er notices\n')).toBeNull();
  });
});
