import { deepMerge, type JsonObject } from '../../../contract/deep-merge';

/**
 * One dictionary from the `locales/zh-CN.json` files an entry bundles (spec §7: zh-CN is built
 * in and makes no request), merged in path order so the result does not depend on load order.
 */
export function mergeLocales(
  modules: Record<string, Record<string, unknown> | undefined>,
): JsonObject {
  return Object.keys(modules)
    .sort()
    .reduce<JsonObject>((all, path) => deepMerge(all, modules[path] ?? {}), {});
}
