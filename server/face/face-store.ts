import type { Database, Statement } from 'better-sqlite3';
import type { FaceImageType } from './face-image';
import { FaceIndex, EMBEDDING_LENGTH, type FaceMatch } from './face-index';

/** A stored face photo (table face_records, migration 5). */
export interface FaceRecordRow {
  userId: number;
  unitId: number;
  image: Buffer;
  imageType: FaceImageType;
  registerTime: number;
}

export interface Enrolment {
  userId: number;
  unitId: number;
  image: Buffer;
  imageType: FaceImageType;
  /** Unit length, EMBEDDING_LENGTH values. */
  embedding: Float32Array;
}

export interface Clocking {
  userId: number;
  unitId: number;
  operatorId: number;
  similarity: number;
}

interface RecordRow {
  user_id: number;
  unit_id: number;
  image: Buffer;
  image_type: FaceImageType;
  register_time: number;
}

interface CachedIndex {
  version: number;
  index: FaceIndex;
}

/** Embeddings are stored as their little-endian float32 bytes. */
export function embeddingToBlob(embedding: Float32Array): Buffer {
  return Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
}

export function blobToEmbedding(blob: Buffer): Float32Array {
  // Copy: a Buffer's offset in its pool need not be a multiple of 4.
  const bytes = new Uint8Array(blob);
  return new Float32Array(bytes.buffer, 0, Math.floor(bytes.byteLength / 4));
}

/**
 * The face records and clock-ins in SQLite, with an in-memory index of each unit's embeddings
 * loaded on first use. Triggers (migration 5) bump a unit's version in face_index_versions on
 * every change of its records, whoever makes it (another connection, a user deleted with
 * ON DELETE CASCADE); an identification reads that version (one primary-key lookup) and reloads
 * the index when it moved. This store's own enrolments update the index in place.
 */
export class FaceStore {
  private readonly indexes = new Map<number, CachedIndex>();
  private readonly upsertRecord: Statement<[number, number, Buffer, string, Buffer, number]>;
  private readonly selectRecord: Statement<[number], RecordRow>;
  private readonly selectUnitEmbeddings: Statement<
    [number],
    { user_id: number; embedding: Buffer }
  >;
  private readonly selectVersion: Statement<[number], { version: number }>;
  private readonly insertClocking: Statement<[number, number, number, number, number]>;
  private readonly enrolTransaction: (enrolment: Enrolment, registerTime: number) => number;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.upsertRecord = db.prepare(
      `INSERT INTO face_records (user_id, unit_id, image, image_type, embedding, register_time)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET unit_id = excluded.unit_id, image = excluded.image,
         image_type = excluded.image_type, embedding = excluded.embedding,
         register_time = excluded.register_time`,
    );
    this.selectRecord = db.prepare(
      `SELECT user_id, unit_id, image, image_type, register_time
       FROM face_records WHERE user_id = ?`,
    );
    this.selectUnitEmbeddings = db.prepare(
      'SELECT user_id, embedding FROM face_records WHERE unit_id = ?',
    );
    this.selectVersion = db.prepare('SELECT version FROM face_index_versions WHERE unit_id = ?');
    this.insertClocking = db.prepare(
      `INSERT INTO face_clockings (user_id, unit_id, operator_id, similarity, clock_time)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.enrolTransaction = db.transaction((enrolment: Enrolment, registerTime: number) => {
      const previous = this.selectRecord.get(enrolment.userId);
      const before = this.version(enrolment.unitId);
      this.upsertRecord.run(
        enrolment.userId,
        enrolment.unitId,
        enrolment.image,
        enrolment.imageType,
        embeddingToBlob(enrolment.embedding),
        registerTime,
      );
      const after = this.version(enrolment.unitId);
      // The user moved units: the old unit's index must forget them (its version moved too).
      if (previous && previous.unit_id !== enrolment.unitId) this.indexes.delete(previous.unit_id);
      const cached = this.indexes.get(enrolment.unitId);
      if (cached?.version === before && after === before + 1) {
        cached.index.upsert(enrolment.userId, enrolment.embedding);
        cached.version = after;
      } else {
        this.indexes.delete(enrolment.unitId);
      }
      return registerTime;
    });
  }

  /** Stores (or replaces) a user's face; returns the register time (epoch ms). */
  enrol(enrolment: Enrolment): number {
    if (enrolment.embedding.length !== EMBEDDING_LENGTH) {
      throw new RangeError('an enrolled embedding must have EMBEDDING_LENGTH values');
    }
    return this.enrolTransaction(enrolment, this.now());
  }

  record(userId: number): FaceRecordRow | undefined {
    const row = this.selectRecord.get(userId);
    return (
      row && {
        userId: row.user_id,
        unitId: row.unit_id,
        image: row.image,
        imageType: row.image_type,
        registerTime: row.register_time,
      }
    );
  }

  /** How many faces a unit has enrolled. */
  enrolledCount(unitId: number): number {
    return this.index(unitId).size;
  }

  /** The enrolled face of the unit most similar to a unit-length embedding (no threshold). */
  bestMatch(unitId: number, embedding: Float32Array): FaceMatch | undefined {
    return this.index(unitId).best(embedding);
  }

  /** Records a clock-in; returns its time (epoch ms). */
  recordClocking(clocking: Clocking): number {
    const time = this.now();
    this.insertClocking.run(
      clocking.userId,
      clocking.unitId,
      clocking.operatorId,
      clocking.similarity,
      time,
    );
    return time;
  }

  private version(unitId: number): number {
    return this.selectVersion.get(unitId)?.version ?? 0;
  }

  /** The unit's index, (re)loaded when missing or when its version moved. */
  private index(unitId: number): FaceIndex {
    const version = this.version(unitId);
    const cached = this.indexes.get(unitId);
    if (cached?.version === version) return cached.index;
    const rows = this.selectUnitEmbeddings.all(unitId);
    const index = new FaceIndex(EMBEDDING_LENGTH, rows.length);
    for (const row of rows) {
      const embedding = blobToEmbedding(row.embedding);
      // A record of another model (another length) cannot be compared: it is skipped.
      if (embedding.length === EMBEDDING_LENGTH) index.upsert(row.user_id, embedding);
    }
    this.indexes.set(unitId, { version, index });
    return index;
  }
}
