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
}

/** One partial upload: its content, the chunk size it is cut in, its size and chunk count. */
export interface PartialUpload {
  md5: string;
  eachSize: number;
  size: number;
  chunks: number;
}

/**
 * Unfinished chunked uploads (when each was last touched, for the clean-up) and which of their
 * chunks are whole on disk.
 */
export class PartialUploadRepository {
  private readonly touchStatement: Statement;
  private readonly sizesStatement: Statement<[string, number, number], { each_size: number }>;
  private readonly sizesOfStatement: Statement<[string], { each_size: number }>;
  private readonly staleStatement: Statement<[number], { md5: string; each_size: number }>;
  private readonly deleteStatement: Statement<[string, number]>;
  private readonly deleteAllStatement: Statement<[string]>;
  private readonly receivedStatement: Statement<[{ md5: string; eachSize: number; chunk: number }]>;
  private readonly hasReceivedStatement: Statement<[string, number, number], { chunk: number }>;
  private readonly receivedCountStatement: Statement<[string, number], { count: number }>;
  private readonly forgetChunksStatement: Statement<[string, number]>;
  private readonly forgetAllChunksStatement: Statement<[string]>;
  private readonly forgetOrphanChunksStatement: Statement<[]>;

  constructor(private readonly db: Database) {
    this.touchStatement = db.prepare(
      `INSERT INTO partial_uploads (md5, each_size, size, chunks, updated_at)
       VALUES (@md5, @eachSize, @size, @chunks, @now)
       ON CONFLICT (md5, each_size) DO UPDATE SET updated_at = excluded.updated_at
         WHERE size = excluded.size AND chunks = excluded.chunks`,
    );
    this.sizesStatement = db.prepare(
      'SELECT each_size FROM partial_uploads WHERE md5 = ? AND size = ? AND chunks = ?',
    );
    this.sizesOfStatement = db.prepare('SELECT each_size FROM partial_uploads WHERE md5 = ?');
    this.staleStatement = db.prepare(
      'SELECT md5, each_size FROM partial_uploads WHERE updated_at < ?',
    );
    this.deleteStatement = db.prepare(
      'DELETE FROM partial_uploads WHERE md5 = ? AND each_size = ?',
    );
    this.deleteAllStatement = db.prepare('DELETE FROM partial_uploads WHERE md5 = ?');
    // Only for an upload still recorded: a chunk finishing after its upload was cleaned up or
    // merged must not revive it.
    this.receivedStatement = db.prepare(
      `INSERT OR IGNORE INTO partial_chunks (md5, each_size, chunk)
       SELECT md5, each_size, @chunk FROM partial_uploads WHERE md5 = @md5 AND each_size = @eachSize`,
    );
    this.hasReceivedStatement = db.prepare(
      'SELECT chunk FROM partial_chunks WHERE md5 = ? AND each_size = ? AND chunk = ?',
    );
    this.receivedCountStatement = db.prepare(
      'SELECT count(*) AS count FROM partial_chunks WHERE md5 = ? AND each_size = ?',
    );
    this.forgetChunksStatement = db.prepare(
      'DELETE FROM partial_chunks WHERE md5 = ? AND each_size = ?',
    );
    this.forgetAllChunksStatement = db.prepare('DELETE FROM partial_chunks WHERE md5 = ?');
    this.forgetOrphanChunksStatement = db.prepare(
      `DELETE FROM partial_chunks WHERE NOT EXISTS (SELECT 1 FROM partial_uploads p
         WHERE p.md5 = partial_chunks.md5 AND p.each_size = partial_chunks.each_size)`,
    );
  }

  /**
   * Records the upload's activity; false when this content and chunk size are recorded with
   * another size or chunk count (one MD5 is one content: the request's figures are wrong).
   */
  touch(entry: PartialUpload & { now: number }): boolean {
    return this.touchStatement.run(entry).changes > 0;
  }

  /** The chunk sizes in use for a file of this size and chunk count (usually one). */
  chunkSizes(md5: string, size: number, chunks: number): number[] {
    return this.sizesStatement.all(md5, size, chunks).map((row) => row.each_size);
  }

  /** Every chunk size recorded for this content. */
  chunkSizesOf(md5: string): number[] {
    return this.sizesOfStatement.all(md5).map((row) => row.each_size);
  }

  staleBefore(time: number): { md5: string; eachSize: number }[] {
    return this.staleStatement.all(time).map((row) => ({ md5: row.md5, eachSize: row.each_size }));
  }

  /** Records chunk `chunk` as whole on disk; false when the upload is no longer recorded. */
  markReceived(md5: string, eachSize: number, chunk: number): boolean {
    this.receivedStatement.run({ md5, eachSize, chunk });
    return this.isReceived(md5, eachSize, chunk);
  }

  isReceived(md5: string, eachSize: number, chunk: number): boolean {
    return this.hasReceivedStatement.get(md5, eachSize, chunk) !== undefined;
  }

  receivedCount(md5: string, eachSize: number): number {
    return this.receivedCountStatement.get(md5, eachSize)?.count ?? 0;
  }

  remove(md5: string, eachSize: number): void {
    this.db.transaction(() => {
      this.deleteStatement.run(md5, eachSize);
      this.forgetChunksStatement.run(md5, eachSize);
    })();
  }

  removeAll(md5: string): void {
    this.db.transaction(() => {
      this.deleteAllStatement.run(md5);
      this.forgetAllChunksStatement.run(md5);
    })();
  }

  /** Forgets chunks whose upload is gone (left by an interrupted clean-up). */
  removeOrphanChunks(): void {
    this.forgetOrphanChunksStatement.run();
  }
}
