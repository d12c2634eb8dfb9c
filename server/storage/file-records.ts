import { randomBytes } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

/** A user's stored file: a name and an owner over content stored once per MD5. */
export interface FileRecord {
  id: string;
  md5: string;
  fileName: string;
  ext: string;
  size: number;
  userId: number;
  unitId: number;
  serverId: string;
  uid: string;
  createdAt: number;
}

interface FileRow {
  id: string;
  md5: string;
  file_name: string;
  ext: string;
  size: number;
  user_id: number;
  unit_id: number;
  server_id: string;
  uid: string;
  created_at: number;
}

function toRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    md5: row.md5,
    fileName: row.file_name,
    ext: row.ext,
    size: row.size,
    userId: row.user_id,
    unitId: row.unit_id,
    serverId: row.server_id,
    uid: row.uid,
    createdAt: row.created_at,
  };
}

/** Random, unguessable ids: a file id in a link reveals nothing and cannot be enumerated. */
export function newFileId(): string {
  return randomBytes(16).toString('base64url');
}

export class FileRecordRepository {
  private readonly insertStatement: Statement;
  private readonly byId: Statement<[string], FileRow>;
  private readonly byUser: Statement<[number, number], FileRow>;
  private readonly sizeInUnit: Statement<[number, string], { size: number }>;

  constructor(db: Database) {
    this.insertStatement = db.prepare(
      `INSERT INTO uploaded_files
         (id, md5, file_name, ext, size, user_id, unit_id, server_id, uid, created_at)
       VALUES (@id, @md5, @fileName, @ext, @size, @userId, @unitId, @serverId, @uid, @createdAt)`,
    );
    this.byId = db.prepare('SELECT * FROM uploaded_files WHERE id = ?');
    this.byUser = db.prepare(
      'SELECT * FROM uploaded_files WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
    );
    this.sizeInUnit = db.prepare(
      'SELECT size FROM uploaded_files WHERE unit_id = ? AND md5 = ? ORDER BY rowid LIMIT 1',
    );
  }

  insert(record: Omit<FileRecord, 'id'>): FileRecord {
    const stored = { ...record, id: newFileId() };
    this.insertStatement.run(stored);
    return stored;
  }

  findById(id: string): FileRecord | undefined {
    const row = this.byId.get(id);
    return row ? toRecord(row) : undefined;
  }

  listByUser(userId: number, limit: number): FileRecord[] {
    return this.byUser.all(userId, limit).map(toRecord);
  }

  /**
   * The size of the content `md5` when a file of unit `unitId` holds it, else undefined: the
   * only content instant upload and the chunk checks may find for that unit (docs/upload.md).
   */
  unitContentSize(unitId: number, md5: string): number | undefined {
    return this.sizeInUnit.get(unitId, md5)?.size;
  }
}

/** Whose partial upload of which content: a partial upload belongs to one unit. */
export interface PartialOwner {
  unitId: number;
  md5: string;
}

/** One partial upload: its unit and content, the chunk size it is cut in, size and chunk count. */
export interface PartialUpload extends PartialOwner {
  eachSize: number;
  size: number;
  chunks: number;
}

/**
 * Unfinished chunked uploads (when each was last touched, for the clean-up) and which of their
 * chunks are whole on disk. Each belongs to the unit whose users sent its chunks: a unit never
 * sees, completes or merges another unit's partial upload of the same content.
 */
export class PartialUploadRepository {
  private readonly touchStatement: Statement;
  private readonly sizesStatement: Statement<
    [number, string, number, number],
    { each_size: number }
  >;
  private readonly sizesOfStatement: Statement<[number, string], { each_size: number }>;
  private readonly figuresStatement: Statement<
    [number, string, number],
    { size: number; chunks: number }
  >;
  private readonly staleStatement: Statement<
    [number],
    { unit_id: number; md5: string; each_size: number }
  >;
  private readonly deleteStatement: Statement<[number, string, number]>;
  private readonly deleteAllStatement: Statement<[number, string]>;
  private readonly receivedStatement: Statement<
    [{ unitId: number; md5: string; eachSize: number; chunk: number }]
  >;
  private readonly hasReceivedStatement: Statement<
    [number, string, number, number],
    { chunk: number }
  >;
  private readonly receivedCountStatement: Statement<[number, string, number], { count: number }>;
  private readonly receivedInAnyUnitStatement: Statement<[string, number], { count: number }>;
  private readonly forgetChunksStatement: Statement<[number, string, number]>;
  private readonly forgetAllChunksStatement: Statement<[number, string]>;
  private readonly forgetOrphanChunksStatement: Statement<[]>;

  constructor(private readonly db: Database) {
    this.touchStatement = db.prepare(
      `INSERT INTO partial_uploads (unit_id, md5, each_size, size, chunks, updated_at)
       VALUES (@unitId, @md5, @eachSize, @size, @chunks, @now)
       ON CONFLICT (unit_id, md5, each_size) DO UPDATE SET updated_at = excluded.updated_at
         WHERE size = excluded.size AND chunks = excluded.chunks`,
    );
    this.sizesStatement = db.prepare(
      `SELECT each_size FROM partial_uploads
       WHERE unit_id = ? AND md5 = ? AND size = ? AND chunks = ?`,
    );
    this.sizesOfStatement = db.prepare(
      'SELECT each_size FROM partial_uploads WHERE unit_id = ? AND md5 = ?',
    );
    this.figuresStatement = db.prepare(
      'SELECT size, chunks FROM partial_uploads WHERE unit_id = ? AND md5 = ? AND each_size = ?',
    );
    this.staleStatement = db.prepare(
      'SELECT unit_id, md5, each_size FROM partial_uploads WHERE updated_at < ?',
    );
    this.deleteStatement = db.prepare(
      'DELETE FROM partial_uploads WHERE unit_id = ? AND md5 = ? AND each_size = ?',
    );
    this.deleteAllStatement = db.prepare(
      'DELETE FROM partial_uploads WHERE unit_id = ? AND md5 = ?',
    );
    // Only for an upload still recorded: a chunk finishing after its upload was cleaned up or
    // merged must not revive it.
    this.receivedStatement = db.prepare(
      `INSERT OR IGNORE INTO partial_chunks (unit_id, md5, each_size, chunk)
       SELECT unit_id, md5, each_size, @chunk FROM partial_uploads
       WHERE unit_id = @unitId AND md5 = @md5 AND each_size = @eachSize`,
    );
    this.hasReceivedStatement = db.prepare(
      `SELECT chunk FROM partial_chunks
       WHERE unit_id = ? AND md5 = ? AND each_size = ? AND chunk = ?`,
    );
    this.receivedCountStatement = db.prepare(
      `SELECT count(*) AS count FROM partial_chunks
       WHERE unit_id = ? AND md5 = ? AND each_size = ?`,
    );
    this.receivedInAnyUnitStatement = db.prepare(
      'SELECT count(*) AS count FROM partial_chunks WHERE md5 = ? AND each_size = ?',
    );
    this.forgetChunksStatement = db.prepare(
      'DELETE FROM partial_chunks WHERE unit_id = ? AND md5 = ? AND each_size = ?',
    );
    this.forgetAllChunksStatement = db.prepare(
      'DELETE FROM partial_chunks WHERE unit_id = ? AND md5 = ?',
    );
    this.forgetOrphanChunksStatement = db.prepare(
      `DELETE FROM partial_chunks WHERE NOT EXISTS (SELECT 1 FROM partial_uploads p
         WHERE p.unit_id = partial_chunks.unit_id AND p.md5 = partial_chunks.md5
           AND p.each_size = partial_chunks.each_size)`,
    );
  }

  /**
   * Records the upload's activity; false when the unit's upload of this content and chunk size
   * is recorded with another size or chunk count (one MD5 is one content: the request's figures
   * are wrong).
   */
  touch(entry: PartialUpload & { now: number }): boolean {
    return this.touchStatement.run(entry).changes > 0;
  }

  /**
   * The size and chunk count recorded for the unit's upload of this content in chunks of
   * `eachSize`, or undefined when there is none.
   */
  figuresOf(owner: PartialOwner, eachSize: number): { size: number; chunks: number } | undefined {
    return this.figuresStatement.get(owner.unitId, owner.md5, eachSize);
  }

  /** The chunk sizes the unit uses for a file of this size and chunk count (usually one). */
  chunkSizes(owner: PartialOwner, size: number, chunks: number): number[] {
    return this.sizesStatement
      .all(owner.unitId, owner.md5, size, chunks)
      .map((row) => row.each_size);
  }

  /** Every chunk size recorded for the unit's uploads of this content. */
  chunkSizesOf(owner: PartialOwner): number[] {
    return this.sizesOfStatement.all(owner.unitId, owner.md5).map((row) => row.each_size);
  }

  staleBefore(time: number): (PartialOwner & { eachSize: number })[] {
    return this.staleStatement
      .all(time)
      .map((row) => ({ unitId: row.unit_id, md5: row.md5, eachSize: row.each_size }));
  }

  /** Records chunk `chunk` as whole on disk; false when the upload is no longer recorded. */
  markReceived(owner: PartialOwner, eachSize: number, chunk: number): boolean {
    this.receivedStatement.run({ unitId: owner.unitId, md5: owner.md5, eachSize, chunk });
    return this.isReceived(owner, eachSize, chunk);
  }

  isReceived(owner: PartialOwner, eachSize: number, chunk: number): boolean {
    return this.hasReceivedStatement.get(owner.unitId, owner.md5, eachSize, chunk) !== undefined;
  }

  /** How many chunks of the unit's upload are whole. */
  wholeCount(owner: PartialOwner, eachSize: number): number {
    return this.receivedCountStatement.get(owner.unitId, owner.md5, eachSize)?.count ?? 0;
  }

  /**
   * How many chunks of this content and chunk size are whole, in every unit's uploads together:
   * for tests and diagnostics that look at the server from outside (tests/e2e), never for an
   * answer to a client.
   */
  receivedCount(md5: string, eachSize: number): number {
    return this.receivedInAnyUnitStatement.get(md5, eachSize)?.count ?? 0;
  }

  remove(owner: PartialOwner, eachSize: number): void {
    this.db.transaction(() => {
      this.deleteStatement.run(owner.unitId, owner.md5, eachSize);
      this.forgetChunksStatement.run(owner.unitId, owner.md5, eachSize);
    })();
  }

  /** Forgets every upload of this content by the unit (after its merge, or a mismatch). */
  removeAll(owner: PartialOwner): void {
    this.db.transaction(() => {
      this.deleteAllStatement.run(owner.unitId, owner.md5);
      this.forgetAllChunksStatement.run(owner.unitId, owner.md5);
    })();
  }

  /** Forgets chunks whose upload is gone (left by an interrupted clean-up). */
  removeOrphanChunks(): void {
    this.forgetOrphanChunksStatement.run();
  }
}
