import type { ReactNode } from 'react';
import { can, usePermissions } from '../../core/permissions/permission-store';

export interface AccessProps {
  /** A permission code, or a list of codes that must all be permitted (spec §6). */
  code: string | readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}

/**
 * The element-hiding directive of spec §6 as a component: its children are removed when the
 * code (or any code of the list) is not permitted. Platform applications use it through PH.
 */
export function Access({ code, children, fallback = null }: AccessProps) {
  const allowed = usePermissions((state) => can(state, code));
  return allowed ? children : fallback;
}
