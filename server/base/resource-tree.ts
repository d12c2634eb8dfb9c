import type { MenuResourceNode } from '../../contract/desktop';
import type { Sql } from '../db/sql';

interface ResourceRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  resource_type: number;
  menu_route: string;
}

const GRANTED = `SELECT r.id, r.code, r.name, r.parent_id, r.resource_type, r.menu_route
  FROM menu_resources r JOIN user_menu_grants g ON g.resource_id = r.id
  WHERE r.app_code = ? AND g.user_id = ? ORDER BY r.sort_order, r.id`;

/**
 * The permission menu trees (spec §3, §6): per application, the nodes a user was granted. A node
 * whose parent is not granted is left out with it, so a revoked group hides its whole branch.
 */
export class ResourceTreeRepository {
  constructor(private readonly sql: Sql) {}

  async treeFor(appCode: string, userId: number): Promise<MenuResourceNode[]> {
    const rows = await this.sql.all<ResourceRow>(GRANTED, [appCode, userId]);
    const nodes = new Map<number, MenuResourceNode>();
    for (const row of rows) {
      nodes.set(row.id, {
        code: row.code,
        name: row.name,
        resourceType: row.resource_type,
        menuRoute: row.menu_route,
        children: [],
      });
    }
    const roots: MenuResourceNode[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id);
      if (!node) continue;
      if (row.parent_id === null) {
        roots.push(node);
      } else {
        nodes.get(row.parent_id)?.children.push(node);
      }
    }
    return roots;
  }
}
