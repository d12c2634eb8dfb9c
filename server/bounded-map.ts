/**
 * Sets `key` in a map kept to `limit` entries: a new key in a full map makes room by dropping the
 * oldest entry (insertion order). The server's in-memory caches are bounded this way, since what
 * fills them (tokens, hosts, users) is the callers' to choose.
 */
export function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (!map.has(key)) {
    while (map.size >= limit) {
      const oldest = map.keys().next();
      if (oldest.done === true) break;
      map.delete(oldest.value);
    }
  }
  map.set(key, value);
}
