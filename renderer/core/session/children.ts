import type { Child } from '../../../contract/auth';
import { ACTIVE_CHILD_STATUS } from '../../../contract/auth-codes';

export function activeChildren(list: readonly Child[]): Child[] {
  return list.filter((child) => child.status === ACTIVE_CHILD_STATUS);
}

/**
 * Spec §4: the current child is the one the server reports if it is in the active list,
 * otherwise the first active child (null when there is none).
 */
export function pickCurrentChild(
  list: readonly Child[],
  reported: Child | string | null | undefined,
): Child | null {
  const active = activeChildren(list);
  const reportedId = typeof reported === 'string' ? reported : reported?.id;
  return active.find((child) => child.id === reportedId) ?? active[0] ?? null;
}

/**
 * Spec §4: the child picker opens by itself when there is more than one child and the saved
 * choice differs from the current one (no saved choice counts as different).
 */
export function shouldOpenChildPicker(
  children: readonly Child[],
  savedChildId: string | null | undefined,
  currentChildId: string | null | undefined,
): boolean {
  return children.length > 1 && (savedChildId ?? null) !== (currentChildId ?? null);
}
