/**
 * Spec §3 directory tree: the nodes of a directory upload (fileName, type file or directory,
 * parentId) and the tree helper nodes (id, parentId, children, level, expend) built from them.
 */
export interface DirectoryNode {
  id: string;
  fileName: string;
  type: 'file' | 'directory';
  /** null for a top-level node. */
  parentId: string | null;
  /** The folder path of this node, '/'-separated (its key in the tree). */
  path: string;
}

export interface TreeNode<T> {
  id: string;
  parentId: string | null;
  children: TreeNode<T>[];
  /** 1 for top-level nodes. */
  level: number;
  /** The spec's (misspelt) "expanded" flag: top-level folders start open. */
  expend: boolean;
  node: T;
}

/** The nodes of the files of a directory selection, from their webkitRelativePath. */
export function directoryNodes(files: readonly { name: string; webkitRelativePath: string }[]) {
  const byPath = new Map<string, DirectoryNode>();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/').filter((part) => part !== '');
    let parentId: string | null = null;
    parts.forEach((part, index) => {
      const path = parts.slice(0, index + 1).join('/');
      const existing = byPath.get(path);
      if (existing) {
        parentId = existing.id;
        return;
      }
      const node: DirectoryNode = {
        id: path,
        fileName: part,
        type: index === parts.length - 1 ? 'file' : 'directory',
        parentId,
        path,
      };
      byPath.set(path, node);
      parentId = node.id;
    });
  }
  return [...byPath.values()];
}

/** Nests flat nodes into a tree: folders before files, each group by name. */
export function buildTree<T extends { id: string; parentId: string | null }>(
  nodes: readonly T[],
  order: (a: T, b: T) => number = () => 0,
): TreeNode<T>[] {
  const byId = new Map<string, TreeNode<T>>();
  for (const node of nodes) {
    byId.set(node.id, {
      id: node.id,
      parentId: node.parentId,
      children: [],
      level: 1,
      expend: false,
      node,
    });
  }
  const roots: TreeNode<T>[] = [];
  for (const tree of byId.values()) {
    const parent = tree.parentId === null ? undefined : byId.get(tree.parentId);
    if (parent) parent.children.push(tree);
    else roots.push(tree);
  }
  const settle = (list: TreeNode<T>[], level: number) => {
    list.sort((a, b) => order(a.node, b.node));
    for (const tree of list) {
      tree.level = level;
      tree.expend = level === 1;
      settle(tree.children, level + 1);
    }
  };
  settle(roots, 1);
  return roots;
}

/** Folders first, then by name in the user's collation. */
export function directoryOrder(a: DirectoryNode, b: DirectoryNode): number {
  if (a.type !== b.type) return a.type === 'directory' ? -1 : 1;
  return a.fileName.localeCompare(b.fileName);
}
