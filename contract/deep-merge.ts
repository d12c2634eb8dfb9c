/** A plain JSON object (a language dictionary, a config). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `source` into `target` (mutated and returned): nested objects merge key by key, any
 * other value replaces. Used for language dictionaries, which are split per folder at build time.
 */
export function deepMerge(target: JsonObject, source: JsonObject): JsonObject {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = isJsonObject(current) && isJsonObject(value) ? deepMerge(current, value) : value;
  }
  return target;
}
