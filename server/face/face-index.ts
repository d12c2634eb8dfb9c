/**
 * Face matching: embeddings are L2-normalised once (at enrolment, or when a query comes in), so
 * the cosine similarity of two faces is a plain dot product, and identifying a face among a
 * unit's enrolled users is one pass over a Float32Array matrix (1,000 faces × 1,024 values is
 * about a million multiply-adds, well under a millisecond).
 */

/** The embedding length of Human's faceres model. */
export const EMBEDDING_LENGTH = 1024;

/** A unit-length copy of a vector, or undefined when it has no direction (all zeros, NaN). */
export function normalise(vector: ArrayLike<number> & Iterable<number>): Float32Array | undefined {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) return undefined;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) out[i] = (vector[i] ?? 0) / norm;
  return out;
}

/** Cosine similarity of two vectors of the same length (0 when either has no direction). */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError('vectors of different lengths');
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  const denominator = Math.sqrt(na * nb);
  return denominator === 0 ? 0 : dot / denominator;
}

export interface FaceMatch {
  userId: number;
  similarity: number;
}

/**
 * The enrolled faces of one unit: a row-major matrix of unit-length embeddings (one row per
 * user) that grows by doubling. Replacing a user's face overwrites their row; removing one moves
 * the last row into the hole, so the matrix stays dense.
 */
export class FaceIndex {
  private matrix: Float32Array;
  private userIds: number[] = [];
  private readonly rowOf = new Map<number, number>();

  constructor(
    readonly dimension: number = EMBEDDING_LENGTH,
    initialCapacity = 16,
  ) {
    this.matrix = new Float32Array(dimension * Math.max(1, initialCapacity));
  }

  get size(): number {
    return this.userIds.length;
  }

  has(userId: number): boolean {
    return this.rowOf.has(userId);
  }

  /** Adds or replaces a user's face; the embedding must already be unit length. */
  upsert(userId: number, embedding: Float32Array): void {
    if (embedding.length !== this.dimension) {
      throw new RangeError(
        `embedding of ${String(embedding.length)} values, not ${String(this.dimension)}`,
      );
    }
    let row = this.rowOf.get(userId);
    if (row === undefined) {
      row = this.userIds.length;
      this.ensureCapacity(row + 1);
      this.userIds.push(userId);
      this.rowOf.set(userId, row);
    }
    this.matrix.set(embedding, row * this.dimension);
  }

  remove(userId: number): void {
    const row = this.rowOf.get(userId);
    if (row === undefined) return;
    const last = this.userIds.length - 1;
    const lastUser = this.userIds[last];
    if (row !== last && lastUser !== undefined) {
      this.matrix.copyWithin(
        row * this.dimension,
        last * this.dimension,
        (last + 1) * this.dimension,
      );
      this.userIds[row] = lastUser;
      this.rowOf.set(lastUser, row);
    }
    this.userIds.pop();
    this.rowOf.delete(userId);
  }

  /**
   * The enrolled face most similar to a unit-length query, with its cosine similarity; undefined
   * when the index is empty. The caller compares the similarity with its threshold.
   */
  best(query: Float32Array): FaceMatch | undefined {
    if (query.length !== this.dimension) return undefined;
    const { matrix, dimension } = this;
    let bestRow = -1;
    let bestScore = -Infinity;
    for (let row = 0, offset = 0; row < this.userIds.length; row += 1, offset += dimension) {
      let dot = 0;
      for (let i = 0; i < dimension; i += 1) dot += (matrix[offset + i] ?? 0) * (query[i] ?? 0);
      if (dot > bestScore) {
        bestScore = dot;
        bestRow = row;
      }
    }
    const userId = this.userIds[bestRow];
    return userId === undefined ? undefined : { userId, similarity: bestScore };
  }

  private ensureCapacity(rows: number): void {
    if (rows * this.dimension <= this.matrix.length) return;
    let capacity = this.matrix.length / this.dimension;
    while (capacity < rows) capacity *= 2;
    const grown = new Float32Array(capacity * this.dimension);
    grown.set(this.matrix.subarray(0, this.userIds.length * this.dimension));
    this.matrix = grown;
  }
}
