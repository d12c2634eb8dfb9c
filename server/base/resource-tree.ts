import type { Database, Statement } from 'better-sqlite3';
import type { MenuResourceNode } from '../../contract/desktop';

interface ResourceRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  resource_type: number;
  menu_route: string;
}

/**
 * The permission menu trees (spec §3, §6): per application, the nodes a user was granted. A node
 * whose parent is not granted is left out with it, so a revoked group hides its whole branch.
 */
export class ResourceTreeRepository {
  private readonly granted: Statement<[string, number], ResourceRow>;

  constructor(db: Database) {
    this.granted = db.prepare(
      `SELECT r.id, r.code, r.name, r.parent_id, r.resource_type, r.menu_route
       FROM menu_resources r JOIN user_menu_grants g ON g.resource_id = r.id
       WHERE r.app_code = ? AND g.user_id = ? ORDER BY r.sort_order, r.id`,
    );
  }

  treeFor(appCode: string, userId: number): MenuResourceNode[] {
    const rows = this.granted.all(appCode, userId);
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
