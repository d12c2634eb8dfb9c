import { describe, expect, it } from 'vitest';
import type { DetectedFace } from './face-engine';
import { cosineSimilarity, EMBEDDING_LENGTH, FaceIndex, normalise } from './face-index';
import { MATCH_THRESHOLD, MIN_FACE_SCORE, pickSingleFace } from './face-pipeline';

/** A deterministic pseudo-random generator (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomUnit(next: () => number, length = EMBEDDING_LENGTH): Float32Array {
  const vector = Array.from({ length }, () => next() * 2 - 1);
  const unit = normalise(vector);
  if (!unit) throw new Error('zero vector');
  return unit;
}

describe('normalise and cosineSimilarity', () => {
  it('makes unit-length copies and refuses directionless vectors', () => {
    const unit = normalise([3, 4]);
    expect(unit && Array.from(unit)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(normalise([0, 0, 0])).toBeUndefined();
    expect(normalise([])).toBeUndefined();
    expect(normalise([Number.NaN, 1])).toBeUndefined();
  });

  it('is the cosine of the angle, whatever the lengths', () => {
    expect(cosineSimilarity([1, 0], [5, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 2])).toBeCloseTo(0);
    expect(cosineSimilarity([1, 1], [-2, -2])).toBeCloseTo(-1);
    expect(cosineSimilarity([1, 2, 3], [0, 0, 0])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });
});

describe('FaceIndex', () => {
  it('finds the most similar face and reports its similarity', () => {
    const next = random(1);
    const index = new FaceIndex(EMBEDDING_LENGTH, 2);
    const faces = new Map<number, Float32Array>();
    for (let userId = 1; userId <= 50; userId += 1) {
      const face = randomUnit(next);
      faces.set(userId, face);
      index.upsert(userId, face);
    }
    expect(index.size).toBe(50);
    const face17 = faces.get(17);
    if (!face17) throw new Error('missing');
    expect(index.best(face17)).toEqual({ userId: 17, similarity: expect.closeTo(1, 5) as unknown });
    // A noisy photo of user 17 still finds user 17.
    const noisy = normalise(face17.map((value) => value + (next() - 0.5) * 0.02));
    expect(noisy && index.best(noisy)?.userId).toBe(17);
  });

  it('agrees with brute force over 1,000 faces', () => {
    const next = random(2);
    const index = new FaceIndex();
    const faces: Float32Array[] = [];
    for (let userId = 0; userId < 1000; userId += 1) {
      const face = randomUnit(next);
      faces.push(face);
      index.upsert(userId, face);
    }
    for (let trial = 0; trial < 5; trial += 1) {
      const query = randomUnit(next);
      let best = { userId: -1, similarity: -Infinity };
      faces.forEach((face, userId) => {
        const similarity = cosineSimilarity(face, query);
        if (similarity > best.similarity) best = { userId, similarity };
      });
      const found = index.best(query);
      expect(found?.userId).toBe(best.userId);
      expect(found?.similarity).toBeCloseTo(best.similarity, 5);
      // Random directions in 1,024 dimensions are nearly orthogonal: far below the threshold.
      expect(best.similarity).toBeLessThan(MATCH_THRESHOLD);
    }
  });

  it('replaces a face in place and removes faces without leaving holes', () => {
    const next = random(3);
    const index = new FaceIndex(8, 1);
    const [a, b, c, a2] = [
      randomUnit(next, 8),
      randomUnit(next, 8),
      randomUnit(next, 8),
      randomUnit(next, 8),
    ];
    index.upsert(1, a);
    index.upsert(2, b);
    index.upsert(3, c);
    index.upsert(1, a2);
    expect(index.size).toBe(3);
    expect(index.best(a2)?.userId).toBe(1);
    index.remove(1);
    expect(index.size).toBe(2);
    expect(index.has(1)).toBe(false);
    expect(index.best(c)).toEqual({ userId: 3, similarity: expect.closeTo(1, 5) as unknown });
    expect(index.best(b)).toEqual({ userId: 2, similarity: expect.closeTo(1, 5) as unknown });
    index.remove(2);
    index.remove(3);
    index.remove(3);
    expect(index.size).toBe(0);
    expect(index.best(a)).toBeUndefined();
  });

  it('refuses embeddings of another length', () => {
    const index = new FaceIndex(4);
    expect(() => {
      index.upsert(1, new Float32Array(3));
    }).toThrow(RangeError);
    index.upsert(1, new Float32Array([1, 0, 0, 0]));
    expect(index.best(new Float32Array(3))).toBeUndefined();
  });
});

describe('pickSingleFace', () => {
  const face = (score: number, side: number): DetectedFace => ({
    score,
    box: [10, 10, side, side],
    embedding: new Float32Array([1]),
  });

  it('keeps exactly one confident, large enough face', () => {
    expect(pickSingleFace([face(1, 200)])).toMatchObject({ kind: 'one' });
    expect(pickSingleFace([])).toEqual({ kind: 'none' });
  });

  it('ignores weak or small detections (the rocket: score 0.38, 48 px)', () => {
    expect(pickSingleFace([face(0.38, 48)])).toEqual({ kind: 'none' });
    expect(pickSingleFace([face(MIN_FACE_SCORE - 0.01, 200)])).toEqual({ kind: 'none' });
    expect(pickSingleFace([face(0.99, 40)])).toEqual({ kind: 'none' });
    expect(pickSingleFace([face(0.99, 200), face(0.38, 48)])).toMatchObject({ kind: 'one' });
  });

  it('refuses several usable faces', () => {
    expect(pickSingleFace([face(1, 200), face(0.9, 120)])).toEqual({ kind: 'several', count: 2 });
  });
});
