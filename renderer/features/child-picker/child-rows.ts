import type { Child } from '../../../contract/auth';
import { activeChildren } from '../../core/session/children';

export interface ChildRow {
  child: Child;
  /** Only active children (status 1) can be entered (spec §3). */
  enterable: boolean;
  current: boolean;
}

/** The picker's rows: every child in the server's order, each marked enterable and current. */
export function childRows(children: readonly Child[], currentChildId: string): ChildRow[] {
  const active = new Set(activeChildren(children));
  return children.map((child) => ({
    child,
    enterable: active.has(child),
    current: child.id === currentChildId,
  }));
}
