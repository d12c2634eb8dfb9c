import { describe, expect, it } from 'vitest';
import { buildTree, directoryNodes, directoryOrder } from './directory-tree';

const files = [
  { name: 'b.png', webkitRelativePath: 'class/photos/b.png' },
  { name: 'a.docx', webkitRelativePath: 'class/a.docx' },
  { name: 'a.png', webkitRelativePath: 'class/photos/a.png' },
];

describe('directory upload tree (spec §3)', () => {
  it('makes one node per folder and file, with fileName, type and parentId', () => {
    const nodes = directoryNodes(files);
    expect(nodes.map(({ fileName, type, parentId }) => ({ fileName, type, parentId }))).toEqual([
      { fileName: 'class', type: 'directory', parentId: null },
      { fileName: 'photos', type: 'directory', parentId: 'class' },
      { fileName: 'b.png', type: 'file', parentId: 'class/photos' },
      { fileName: 'a.docx', type: 'file', parentId: 'class' },
      { fileName: 'a.png', type: 'file', parentId: 'class/photos' },
    ]);
  });

  it('nests them with id, parentId, children, level and expend', () => {
    const [root] = buildTree(directoryNodes(files), directoryOrder);
    expect(root).toMatchObject({ id: 'class', parentId: null, level: 1, expend: true });
    expect(root?.children.map((child) => child.node.fileName)).toEqual(['photos', 'a.docx']);
    const photos = root?.children[0];
    expect(photos).toMatchObject({ level: 2, expend: false, parentId: 'class' });
    expect(photos?.children.map((child) => [child.node.fileName, child.level])).toEqual([
      ['a.png', 3],
      ['b.png', 3],
    ]);
  });

  it('puts plain files (no folder path) at the top level', () => {
    expect(buildTree(directoryNodes([{ name: 'x.pdf', webkitRelativePath: '' }]))).toMatchObject([
      { id: 'x.pdf', level: 1, children: [] },
    ]);
  });
});
