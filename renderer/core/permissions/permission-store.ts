import { create } from 'zustand';
import {
  collectCodeKeys,
  hasAccess,
  permittedRoutes,
  type CodeKeys,
  type ResourceNode,
} from './code-keys';

/**
 * The permission codes of the signed-in user (spec §6), turned into booleans once. Only user
 * types 2 and 4 load a menu tree; for everyone else nothing is enforced (the spec gives no
 * codes to parents and students), so `enforced` is false and every code passes.
 */
export interface PermissionState {
  enforced: boolean;
  codeKeys: CodeKeys;
  routes: ReadonlySet<string>;
  setTree: (tree: readonly ResourceNode[]) => void;
  reset: () => void;
}

export const usePermissions = create<PermissionState>((set) => ({
  enforced: false,
  codeKeys: {},
  routes: new Set(),
  setTree: (tree) => {
    set({ enforced: true, codeKeys: collectCodeKeys(tree), routes: permittedRoutes(tree) });
  },
  reset: () => {
    set({ enforced: false, codeKeys: {}, routes: new Set() });
  },
}));

/** Whether the code (or every code of a list) is permitted. */
export function can(
  state: Pick<PermissionState, 'enforced' | 'codeKeys'>,
  code: string | readonly string[],
): boolean {
  return !state.enforced || hasAccess(state.codeKeys, code);
}

/** User types 2 and 4 load the permission menu tree (spec §6). */
export function loadsPermissionTree(userType: string): boolean {
  return userType === '2' || userType === '4';
}
