import { deepMerge, type JsonObject } from '../../contract/deep-merge';

/**
 * The zh-CN dictionary is built into the bundle (spec §7: zh-CN makes no request): every
 * `locales/zh-CN.json` of the renderer, merged at build time.
 */
const modules = import.meta.glob<Record<string, unknown>>('../**/locales/zh-CN.json', {
  eager: true,
  import: 'default',
});

export const builtinZhCN: JsonObject = Object.keys(modules)
  .sort()
  .reduce<JsonObject>((all, path) => deepMerge(all, modules[path] ?? {}), {});
