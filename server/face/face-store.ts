import type { Sql } from '../db/sql';
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

const UPSERT_RECORD = `INSERT INTO face_records
    (user_id, unit_id, image, image_type, embedding, register_time)
  VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (user_id) DO UPDATE SET unit_id = excluded.unit_id, image = excluded.image,
    image_type = excluded.image_type, embedding = excluded.embedding,
    register_time = excluded.register_time`;
const SELECT_RECORD = `SELECT user_id, unit_id, image, image_type, register_time
  FROM face_records WHERE user_id = ?`;
const SELECT_UNIT_OF_RECORD = 'SELECT unit_id FROM face_records WHERE user_id = ?';
const SELECT_UNIT_EMBEDDINGS = 'SELECT user_id, embedding FROM face_records WHERE unit_id = ?';
const SELECT_VERSION = 'SELECT version FROM face_index_versions WHERE unit_id = ?';
const INSERT_CLOCKING = `INSERT INTO face_clockings
    (user_id, unit_id, operator_id, similarity, clock_time)
  VALUES (?, ?, ?, ?, ?)`;

/**
 * The face records and clock-ins in the database, with an in-memory index of each unit's
 * embeddings loaded on first use. Triggers (migration 5) bump a unit's version in
 * face_index_versions on every change of its records, whoever makes it (another connection or
 * server node, a user deleted with ON DELETE CASCADE); an identification reads that version (one
 * primary-key lookup) and reloads the index when it moved. This store's own enrolments update the
 * index in place.
 */
export class FaceStore {
  private readonly indexes = new Map<number, CachedIndex>();

  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** Stores (or replaces) a user's face; returns the register time (epoch ms). */
  async enrol(enrolment: Enrolment): Promise<number> {
    if (enrolment.embedding.length !== EMBEDDING_LENGTH) {
      throw new RangeError('an enrolled embedding must have EMBEDDING_LENGTH values');
    }
    const registerTime = this.now();
    const blob = embeddingToBlob(enrolment.embedding);
    const { previousUnit, before, after } = await this.sql.transaction(async (tx) => {
      const previous = await tx.get<{ unit_id: number }>(SELECT_UNIT_OF_RECORD, [enrolment.userId]);
      const versionBefore = await versionOf(tx, enrolment.unitId);
      await tx.run(UPSERT_RECORD, [
        enrolment.userId,
        enrolment.unitId,
        enrolment.image,
        enrolment.imageType,
        blob,
        registerTime,
      ]);
      return {
        previousUnit: previous?.unit_id,
        before: versionBefore,
        after: await versionOf(tx, enrolment.unitId),
      };
    });
    // The user moved units: the old unit's index must forget them (its version moved too).
    if (previousUnit !== undefined && previousUnit !== enrolment.unitId) {
      this.indexes.delete(previousUnit);
    }
    const cached = this.indexes.get(enrolment.unitId);
    if (cached?.version === before && after === before + 1) {
      cached.index.upsert(enrolment.userId, enrolment.embedding);
      cached.version = after;
    } else {
      this.indexes.delete(enrolment.unitId);
    }
    return registerTime;
  }

  async record(userId: number): Promise<FaceRecordRow | undefined> {
    const row = await this.sql.get<RecordRow>(SELECT_RECORD, [userId]);
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
  async enrolledCount(unitId: number): Promise<number> {
    return (await this.index(unitId)).size;
  }

  /** The enrolled face of the unit most similar to a unit-length embedding (no threshold). */
  async bestMatch(unitId: number, embedding: Float32Array): Promise<FaceMatch | undefined> {
    return (await this.index(unitId)).best(embedding);
  }

  /** Records a clock-in; returns its time (epoch ms). */
  async recordClocking(clocking: Clocking): Promise<number> {
    const time = this.now();
    await this.sql.run(INSERT_CLOCKING, [
      clocking.userId,
      clocking.unitId,
      clocking.operatorId,
      clocking.similarity,
      time,
    ]);
    return time;
  }

  /** The unit's index, (re)loaded when missing or when its version moved. */
  private async index(unitId: number): Promise<FaceIndex> {
    const version = await versionOf(this.sql, unitId);
    const cached = this.indexes.get(unitId);
    if (cached?.version === version) return cached.index;
    const rows = await this.sql.all<{ user_id: number; embedding: Buffer }>(
      SELECT_UNIT_EMBEDDINGS,
      [unitId],
    );
    const index = new FaceIndex(EMBEDDING_LENGTH, rows.length);
    for (const row of rows) {
      const embedding = blobToEmbedding(row.embedding);
      // A record of another model (another length) cannot be compared: it is skipped.
      if (embedding.length === EMBEDDING_LENGTH) index.upsert(row.user_id, embedding);
    }
    // Unless a newer index was stored meanwhile (another request reloaded after a later change).
    const latest = this.indexes.get(unitId);
    if (latest === undefined || latest.version <= version) {
      this.indexes.set(unitId, { version, index });
    }
    return index;
  }
}

async function versionOf(sql: Sql, unitId: number): Promise<number> {
  return (await sql.get<{ version: number }>(SELECT_VERSION, [unitId]))?.version ?? 0;
}
