import { beforeEach, describe, expect, it } from 'vitest';
import { can, loadsPermissionTree, usePermissions } from './permission-store';

beforeEach(() => {
  usePermissions.getState().reset();
});

describe('permission store', () => {
  it('permits no code without a tree: elements stay hidden for users of every type', () => {
    // Parents, students and area users never load a tree (spec §6), nor has a teacher yet.
    expect(can(usePermissions.getState(), 'anything')).toBe(false);
    expect(can(usePermissions.getState(), ['a', 'b'])).toBe(false);
    expect(usePermissions.getState().enforced).toBe(false);
  });

  it('hides what an empty tree does not grant', () => {
    usePermissions.getState().setTree([]);
    expect(can(usePermissions.getState(), 'tzgg_delete')).toBe(false);
  });

  it('enforces the codes of the loaded tree', () => {
    usePermissions.getState().setTree([
      {
        code: 'base_desktop_home',
        resourceType: 2,
        menuRoute: '/desktop/home',
        children: [{ code: 'base_theme_sync' }],
      },
    ]);
    const state = usePermissions.getState();
    expect(can(state, 'base_theme_sync')).toBe(true);
    expect(can(state, 'base_desktop_audit')).toBe(false);
    expect(can(state, ['base_desktop_home', 'base_desktop_audit'])).toBe(false);
    expect(state.routes.has('desktop/home')).toBe(true);
  });

  it('is loaded for user types 2 and 4 only', () => {
    expect(['1', '2', '3', '4', '5'].map(loadsPermissionTree)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});
