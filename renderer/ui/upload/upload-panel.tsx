import { Button, Space, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildTree,
  directoryNodes,
  directoryOrder,
  type DirectoryNode,
  type TreeNode,
} from '../../core/upload/directory-tree';
import type { UploadQueue } from '../../core/upload/upload-queue';
import type { UploadRules } from '../../core/upload/validate-file';
import { UploadButton } from './upload-button';
import { UploadList } from './upload-list';
import { useUploadNotifications } from './use-upload-queue';

interface AntTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children: AntTreeNode[];
}

function toAntTree(nodes: TreeNode<DirectoryNode>[]): AntTreeNode[] {
  return nodes.map((tree) => ({
    key: tree.id,
    title: tree.node.fileName,
    isLeaf: tree.node.type === 'file',
    children: toAntTree(tree.children),
  }));
}

function expandedKeys(nodes: TreeNode<DirectoryNode>[]): string[] {
  return nodes.flatMap((tree) => [
    ...(tree.expend ? [tree.id] : []),
    ...expandedKeys(tree.children),
  ]);
}

export interface UploadPanelProps {
  queue: UploadQueue;
  rules?: UploadRules;
  /** Offer a folder picker too (spec §3 directory tree). */
  allowDirectory?: boolean;
}

/**
 * The complete upload widget for a page or a platform application: pick files (or a folder),
 * the list with per-file controls, controls for all, the folder's tree, and the toasts.
 */
export function UploadPanel({ queue, rules = {}, allowDirectory = true }: UploadPanelProps) {
  const { t } = useTranslation();
  useUploadNotifications(queue);
  const [folder, setFolder] = useState<File[]>([]);
  const tree = useMemo(() => buildTree(directoryNodes(folder), directoryOrder), [folder]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <UploadButton queue={queue} rules={rules} />
        {allowDirectory && (
          <UploadButton
            queue={queue}
            rules={rules}
            directory
            onQueued={(_items, files) => {
              setFolder(files);
            }}
          />
        )}
        <Button
          onClick={() => {
            queue.pauseAll();
          }}
        >
          {t('upload.action.pauseAll')}
        </Button>
        <Button
          onClick={() => {
            queue.resumeAll();
          }}
        >
          {t('upload.action.resumeAll')}
        </Button>
        <Button
          onClick={() => {
            queue.cancelAll();
          }}
        >
          {t('upload.action.cancelAll')}
        </Button>
        <Button
          onClick={() => {
            queue.clearFinished();
          }}
        >
          {t('upload.action.clearFinished')}
        </Button>
      </Space>
      {tree.length > 0 && (
        <section aria-label={t('upload.folderTree')}>
          <Tree
            treeData={toAntTree(tree)}
            defaultExpandedKeys={expandedKeys(tree)}
            showLine
            selectable={false}
          />
        </section>
      )}
      <UploadList queue={queue} />
    </Space>
  );
}
