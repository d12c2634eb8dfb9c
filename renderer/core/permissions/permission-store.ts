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
 * types 2 and 4 load a menu tree; every other user holds no code. Elements are hidden by their
 * codes for every user (`can`): a parent or a student sees no element gated by a code. Routes
 * are filtered by the tree only once one is loaded (`enforced`): a user without a tree keeps
 * the application's routes.
 */
export interface PermissionState {
  /** A menu tree was loaded (types 2 and 4): routes are filtered by its codes and menu list. */
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

/**
 * Whether the code (or every code of a list) is permitted: the element-hiding directive's test,
 * the same for every user type. Until a tree is loaded nothing is permitted, so an element never
 * shows before its code is known.
 */
export function can(
  state: Pick<PermissionState, 'codeKeys'>,
  code: string | readonly string[],
): boolean {
  return hasAccess(state.codeKeys, code);
}

/** User types 2 and 4 load the permission menu tree (spec §6). */
export function loadsPermissionTree(userType: string): boolean {
  return userType === '2' || userType === '4';
}
