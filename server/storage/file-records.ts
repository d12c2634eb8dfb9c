import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql';

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

// A user's files are listed newest first: a file stored in the same millisecond as the user's
// latest one (a batch, or a test clock) is dated one millisecond later, so that the order of
// (created_at, id) is the order of storing on both engines (neither has a portable row order).
const INSERT_FILE = `INSERT INTO uploaded_files
    (id, md5, file_name, ext, size, user_id, unit_id, server_id, uid, created_at)
  SELECT CAST(@id AS TEXT), CAST(@md5 AS TEXT), CAST(@fileName AS TEXT), CAST(@ext AS TEXT),
    CAST(@size AS BIGINT), CAST(@userId AS BIGINT), CAST(@unitId AS BIGINT),
    CAST(@serverId AS TEXT), CAST(@uid AS TEXT),
    CASE WHEN MAX(created_at) >= CAST(@createdAt AS BIGINT) THEN MAX(created_at) + 1
      ELSE CAST(@createdAt AS BIGINT) END
  FROM uploaded_files WHERE user_id = CAST(@userId AS BIGINT)
  RETURNING created_at`;
const FILE_BY_ID = 'SELECT * FROM uploaded_files WHERE id = ?';
// Newest first (see INSERT_FILE).
const FILES_OF_USER =
  'SELECT * FROM uploaded_files WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?';
// Every file of one content has the content's size: the first one found answers.
const SIZE_IN_UNIT = `SELECT size FROM uploaded_files WHERE unit_id = ? AND md5 = ?
  ORDER BY created_at, id LIMIT 1`;

export class FileRecordRepository {
  constructor(private readonly sql: Sql) {}

  /** Stores a record; its time is `record.createdAt`, or just after the user's latest file. */
  async insert(record: Omit<FileRecord, 'id'>): Promise<FileRecord> {
    const stored = { ...record, id: newFileId() };
    const row = await this.sql.get<{ created_at: number }>(INSERT_FILE, stored);
    return { ...stored, createdAt: row?.created_at ?? stored.createdAt };
  }

  async findById(id: string): Promise<FileRecord | undefined> {
    const row = await this.sql.get<FileRow>(FILE_BY_ID, [id]);
    return row ? toRecord(row) : undefined;
  }

  async listByUser(userId: number, limit: number): Promise<FileRecord[]> {
    return (await this.sql.all<FileRow>(FILES_OF_USER, [userId, limit])).map(toRecord);
  }

  /**
   * The size of the content `md5` when a file of unit `unitId` holds it, else undefined: the
   * only content instant upload and the chunk checks may find for that unit (docs/upload.md).
   */
  async unitContentSize(unitId: number, md5: string): Promise<number | undefined> {
    return (await this.sql.get<{ size: number }>(SIZE_IN_UNIT, [unitId, md5]))?.size;
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
const TOUCH_UPLOAD = `INSERT INTO partial_uploads (unit_id, md5, each_size, size, chunks, updated_at)
  VALUES (@unitId, @md5, @eachSize, @size, @chunks, @now)
  ON CONFLICT (unit_id, md5, each_size) DO UPDATE SET updated_at = excluded.updated_at
    WHERE partial_uploads.size = excluded.size AND partial_uploads.chunks = excluded.chunks`;
const SIZES_OF_FILE = `SELECT each_size FROM partial_uploads
  WHERE unit_id = ? AND md5 = ? AND size = ? AND chunks = ?`;
const SIZES_OF_CONTENT = 'SELECT each_size FROM partial_uploads WHERE unit_id = ? AND md5 = ?';
const FIGURES = `SELECT size, chunks FROM partial_uploads
  WHERE unit_id = ? AND md5 = ? AND each_size = ?`;
const STALE = 'SELECT unit_id, md5, each_size FROM partial_uploads WHERE updated_at < ?';
const DELETE_UPLOAD = 'DELETE FROM partial_uploads WHERE unit_id = ? AND md5 = ? AND each_size = ?';
// The clean-up's claim: only while still untouched since the limit (another node may have
// written a chunk meanwhile).
const DELETE_STALE_UPLOAD = `DELETE FROM partial_uploads
  WHERE unit_id = ? AND md5 = ? AND each_size = ? AND updated_at < ?`;
// The merge's claim: only the complete upload of these figures.
const DELETE_COMPLETE_UPLOAD = `DELETE FROM partial_uploads
  WHERE unit_id = ? AND md5 = ? AND each_size = ? AND size = ? AND chunks = ?`;
const DELETE_UPLOADS = 'DELETE FROM partial_uploads WHERE unit_id = ? AND md5 = ?';
const RESTORE_UPLOAD = `INSERT INTO partial_uploads (unit_id, md5, each_size, size, chunks, updated_at)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (unit_id, md5, each_size) DO NOTHING`;
const RESTORE_CHUNK = `INSERT INTO partial_chunks (unit_id, md5, each_size, chunk)
  VALUES (?, ?, ?, ?) ON CONFLICT (unit_id, md5, each_size, chunk) DO NOTHING`;
// Only for an upload still recorded: a chunk finishing after its upload was cleaned up or
// merged must not revive it.
const MARK_RECEIVED = `INSERT INTO partial_chunks (unit_id, md5, each_size, chunk)
  SELECT unit_id, md5, each_size, @chunk FROM partial_uploads
  WHERE unit_id = @unitId AND md5 = @md5 AND each_size = @eachSize
  ON CONFLICT (unit_id, md5, each_size, chunk) DO NOTHING`;
const HAS_RECEIVED = `SELECT chunk FROM partial_chunks
  WHERE unit_id = ? AND md5 = ? AND each_size = ? AND chunk = ?`;
const RECEIVED_COUNT = `SELECT count(*) AS count FROM partial_chunks
  WHERE unit_id = ? AND md5 = ? AND each_size = ?`;
const RECEIVED_IN_ANY_UNIT =
  'SELECT count(*) AS count FROM partial_chunks WHERE md5 = ? AND each_size = ?';
const FORGET_CHUNKS = 'DELETE FROM partial_chunks WHERE unit_id = ? AND md5 = ? AND each_size = ?';
const FORGET_ALL_CHUNKS = 'DELETE FROM partial_chunks WHERE unit_id = ? AND md5 = ?';
const FORGET_ORPHAN_CHUNKS = `DELETE FROM partial_chunks WHERE NOT EXISTS (SELECT 1 FROM partial_uploads p
  WHERE p.unit_id = partial_chunks.unit_id AND p.md5 = partial_chunks.md5
    AND p.each_size = partial_chunks.each_size)`;

/**
 * Unfinished chunked uploads (when each was last touched, for the clean-up) and which of their
 * chunks are whole on disk. Each belongs to the unit whose users sent its chunks: a unit never
 * sees, completes or merges another unit's partial upload of the same content.
 *
 * Several server nodes may share the database (and the files folder): the merge and the clean-up
 * each claim an upload by deleting its row (`claimComplete`, `removeStale`), and only the one
 * whose delete changed the row goes on.
 */
export class PartialUploadRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Records the upload's activity; false when the unit's upload of this content and chunk size
   * is recorded with another size or chunk count (one MD5 is one content: the request's figures
   * are wrong).
   */
  async touch(entry: PartialUpload & { now: number }): Promise<boolean> {
    const { unitId, md5, eachSize, size, chunks, now } = entry;
    return (
      (await this.sql.run(TOUCH_UPLOAD, { unitId, md5, eachSize, size, chunks, now })).changes > 0
    );
  }

  /**
   * The size and chunk count recorded for the unit's upload of this content in chunks of
   * `eachSize`, or undefined when there is none.
   */
  async figuresOf(
    owner: PartialOwner,
    eachSize: number,
  ): Promise<{ size: number; chunks: number } | undefined> {
    return this.sql.get<{ size: number; chunks: number }>(FIGURES, [
      owner.unitId,
      owner.md5,
      eachSize,
    ]);
  }

  /** The chunk sizes the unit uses for a file of this size and chunk count (usually one). */
  async chunkSizes(owner: PartialOwner, size: number, chunks: number): Promise<number[]> {
    const rows = await this.sql.all<{ each_size: number }>(SIZES_OF_FILE, [
      owner.unitId,
      owner.md5,
      size,
      chunks,
    ]);
    return rows.map((row) => row.each_size);
  }

  /** Every chunk size recorded for the unit's uploads of this content. */
  async chunkSizesOf(owner: PartialOwner): Promise<number[]> {
    const rows = await this.sql.all<{ each_size: number }>(SIZES_OF_CONTENT, [
      owner.unitId,
      owner.md5,
    ]);
    return rows.map((row) => row.each_size);
  }

  async staleBefore(time: number): Promise<(PartialOwner & { eachSize: number })[]> {
    const rows = await this.sql.all<{ unit_id: number; md5: string; each_size: number }>(STALE, [
      time,
    ]);
    return rows.map((row) => ({ unitId: row.unit_id, md5: row.md5, eachSize: row.each_size }));
  }

  /** Records chunk `chunk` as whole on disk; false when the upload is no longer recorded. */
  async markReceived(owner: PartialOwner, eachSize: number, chunk: number): Promise<boolean> {
    await this.sql.run(MARK_RECEIVED, { unitId: owner.unitId, md5: owner.md5, eachSize, chunk });
    return this.isReceived(owner, eachSize, chunk);
  }

  async isReceived(owner: PartialOwner, eachSize: number, chunk: number): Promise<boolean> {
    const row = await this.sql.get<{ chunk: number }>(HAS_RECEIVED, [
      owner.unitId,
      owner.md5,
      eachSize,
      chunk,
    ]);
    return row !== undefined;
  }

  /** How many chunks of the unit's upload are whole. */
  async wholeCount(owner: PartialOwner, eachSize: number): Promise<number> {
    const row = await this.sql.get<{ count: number }>(RECEIVED_COUNT, [
      owner.unitId,
      owner.md5,
      eachSize,
    ]);
    return row?.count ?? 0;
  }

  /**
   * How many chunks of this content and chunk size are whole, in every unit's uploads together:
   * for tests and diagnostics that look at the server from outside (tests/e2e), never for an
   * answer to a client.
   */
  async receivedCount(md5: string, eachSize: number): Promise<number> {
    const row = await this.sql.get<{ count: number }>(RECEIVED_IN_ANY_UNIT, [md5, eachSize]);
    return row?.count ?? 0;
  }

  async remove(owner: PartialOwner, eachSize: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(DELETE_UPLOAD, [owner.unitId, owner.md5, eachSize]);
      await tx.run(FORGET_CHUNKS, [owner.unitId, owner.md5, eachSize]);
    });
  }

  /**
   * Forgets the upload when it is still untouched since `olderThan`; false when it was touched
   * meanwhile (a chunk written, maybe on another node) or is gone (another clean-up took it).
   */
  async removeStale(owner: PartialOwner, eachSize: number, olderThan: number): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const claimed =
        (await tx.run(DELETE_STALE_UPLOAD, [owner.unitId, owner.md5, eachSize, olderThan]))
          .changes === 1;
      if (claimed) await tx.run(FORGET_CHUNKS, [owner.unitId, owner.md5, eachSize]);
      return claimed;
    });
  }

  /**
   * The merge's claim on the unit's complete upload of `file` in chunks of `eachSize`: forgets it
   * and its chunks, true for the one caller whose delete took the row (of two merges at once, on
   * one node or two, exactly one gets true; the other finds the upload gone).
   */
  async claimComplete(file: PartialUpload): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const { unitId, md5, eachSize } = file;
      const claimed =
        (await tx.run(DELETE_COMPLETE_UPLOAD, [unitId, md5, eachSize, file.size, file.chunks]))
          .changes === 1;
      if (claimed) await tx.run(FORGET_CHUNKS, [unitId, md5, eachSize]);
      return claimed;
    });
  }

  /**
   * Records again, whole, an upload claimed by a merge that could not move its file into place
   * (the file is still where its chunks were written): the client may try the merge again.
   */
  async restoreComplete(file: PartialUpload, now: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const { unitId, md5, eachSize } = file;
      await tx.run(RESTORE_UPLOAD, [unitId, md5, eachSize, file.size, file.chunks, now]);
      for (let chunk = 1; chunk <= file.chunks; chunk += 1) {
        await tx.run(RESTORE_CHUNK, [unitId, md5, eachSize, chunk]);
      }
    });
  }

  /** Forgets every upload of this content by the unit (after its merge, or a mismatch). */
  async removeAll(owner: PartialOwner): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(DELETE_UPLOADS, [owner.unitId, owner.md5]);
      await tx.run(FORGET_ALL_CHUNKS, [owner.unitId, owner.md5]);
    });
  }

  /** Forgets chunks whose upload is gone (left by an interrupted clean-up). */
  async removeOrphanChunks(): Promise<void> {
    await this.sql.run(FORGET_ORPHAN_CHUNKS);
  }
}
