import { timestampUid } from './file-descriptor';
import { SpeedMeter } from './progress';
import type { PersistedUpload } from './queue-store';
import { notStarted, type Entry } from './upload-item';

/**
 * What the upload queue keeps of an upload for resuming it after a reload (queue-store.ts), and
 * the upload it restores from that record: waiting for its file to be selected again.
 */
export function recordOf(entry: Entry, owner: string): PersistedUpload {
  const { item } = entry;
  return {
    id: item.id,
    owner,
    name: item.name,
    size: item.size,
    type: item.type,
    lastModified: item.lastModified,
    relativePath: item.relativePath,
    md5: item.md5,
    serverId: entry.serverId,
    chunkSize: entry.chunkSize,
    fileUpload: entry.fileUpload,
    createdAt: item.createdAt,
  };
}

export function entryFromRecord(record: PersistedUpload): Entry {
  return {
    item: {
      id: record.id,
      name: record.name,
      size: record.size,
      type: record.type,
      lastModified: record.lastModified,
      relativePath: record.relativePath,
      state: 'needs-file',
      ...notStarted(),
      createdAt: record.createdAt,
    },
    file: null,
    controller: null,
    meter: new SpeedMeter(),
    confirmed: 0,
    inflight: new Map(),
    uid: timestampUid(),
    serverId: record.serverId,
    chunkSize: record.chunkSize,
    fileUpload: record.fileUpload,
  };
}
