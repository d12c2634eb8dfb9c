import { Button, Progress, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive } from '../../core/upload/upload-machine';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { formatBytes, formatDuration } from './format';
import { ReselectButton } from './reselect-button';
import { uploadErrorText } from './upload-messages';
import { useUploadItems } from './use-upload-queue';

function stateText(t: TFunction, item: UploadItem): string {
  switch (item.state) {
    case 'hashing':
      return t('upload.state.hashing', {
        percent: Math.floor((item.hashed / Math.max(1, item.size)) * 100),
      });
    case 'paused':
      return t(item.pausedBy === 'offline' ? 'upload.state.pausedOffline' : 'upload.state.paused');
    case 'done':
      return t(item.instant ? 'upload.state.instant' : 'upload.state.done');
    case 'error':
      return item.error ? uploadErrorText(t, item.error) : t('upload.state.error');
    default:
      return t(`upload.state.${item.state}`);
  }
}

/**
 * No 'active' status: its endless shimmer repaints the page many times a second for the whole
 * upload, costing the CPU the upload itself needs; the moving figures already show progress.
 */
// Nor the track's 0.3 s width transition: with progress every 100 ms it never comes to rest, so
// it, too, repainted at the screen's rate throughout (185 frames in 3.5 s, measured).
const NO_TRACK_TRANSITION = { track: { transition: 'none' } } as const;

function progressStatus(item: UploadItem): 'success' | 'exception' | 'normal' {
  if (item.state === 'done') return 'success';
  if (item.state === 'error') return 'exception';
  return 'normal';
}

function Actions({ queue, item }: { queue: UploadQueue; item: UploadItem }) {
  const { t } = useTranslation();
  const action = (key: string, onClick: () => void) => {
    const label = t(`upload.action.${key}`);
    return (
      <Button
        key={key}
        size="small"
        type="link"
        aria-label={t('upload.actionLabel', { action: label, name: item.name })}
        onClick={onClick}
      >
        {label}
      </Button>
    );
  };
  const { id, state } = item;
  const buttons = [];
  if (state === 'queued' || isActive(state)) {
    buttons.push(
      action('pause', () => {
        queue.pause(id);
      }),
    );
  }
  if (state === 'paused')
    buttons.push(
      action('resume', () => {
        queue.resume(id);
      }),
    );
  if (state === 'error')
    buttons.push(
      action('retry', () => {
        queue.retry(id);
      }),
    );
  if (state === 'needs-file')
    buttons.push(<ReselectButton key="reselect" queue={queue} item={item} />);
  if (state === 'done' && item.result) {
    buttons.push(
      <Button key="download" size="small" type="link" href={item.result.url} download={item.name}>
        {t('upload.action.download')}
      </Button>,
    );
  }
  if (state !== 'done' && state !== 'cancelled') {
    buttons.push(
      action('cancel', () => {
        queue.cancel(id);
      }),
    );
  } else {
    buttons.push(
      action('remove', () => {
        queue.remove(id);
      }),
    );
  }
  return <Space size={0}>{buttons}</Space>;
}

export interface UploadListProps {
  queue: UploadQueue;
}

/** The upload list: name, size, progress, speed, time left, state, and the controls of each. */
export function UploadList({ queue }: UploadListProps) {
  const { t } = useTranslation();
  const items = useUploadItems(queue);
  // Built once per language: progress re-renders then only touch the cells, not the columns,
  // and only the cells whose figures changed (shouldCellUpdate: the name's ellipsis measures the
  // page, the actions are buttons; neither changes while the bytes go out).
  const columns = useMemo<TableColumnsType<UploadItem>>(
    () => [
      {
        title: t('upload.column.name'),
        key: 'name',
        shouldCellUpdate: (item, before) =>
          item.name !== before.name || item.relativePath !== before.relativePath,
        render: (_, item) => (
          <Typography.Text ellipsis={{ tooltip: item.relativePath || item.name }}>
            {item.relativePath || item.name}
          </Typography.Text>
        ),
      },
      {
        title: t('upload.column.size'),
        key: 'size',
        width: 100,
        shouldCellUpdate: (item, before) => item.size !== before.size,
        render: (_, item) => formatBytes(item.size),
      },
      {
        title: t('upload.column.progress'),
        key: 'progress',
        width: 180,
        shouldCellUpdate: (item, before) =>
          item.percent !== before.percent || progressStatus(item) !== progressStatus(before),
        render: (_, item) => (
          <Progress
            percent={item.percent}
            size="small"
            status={progressStatus(item)}
            styles={NO_TRACK_TRANSITION}
            aria-label={`${item.name} ${String(item.percent)}%`}
          />
        ),
      },
      {
        title: t('upload.column.speed'),
        key: 'speed',
        width: 110,
        shouldCellUpdate: (item, before) => item.speed !== before.speed,
        render: (_, item) =>
          item.speed > 0 ? t('upload.speed', { size: formatBytes(item.speed) }) : '-',
      },
      {
        title: t('upload.column.remaining'),
        key: 'remaining',
        width: 90,
        shouldCellUpdate: (item, before) =>
          item.remainingSeconds !== before.remainingSeconds || item.state !== before.state,
        render: (_, item) => (isActive(item.state) ? formatDuration(item.remainingSeconds) : '-'),
      },
      {
        title: t('upload.column.state'),
        key: 'state',
        render: (_, item) => (
          <span data-upload-state={item.state} role="status">
            {stateText(t, item)}
          </span>
        ),
      },
      {
        title: t('upload.column.actions'),
        key: 'actions',
        shouldCellUpdate: (item, before) =>
          item.state !== before.state ||
          item.name !== before.name ||
          item.result?.url !== before.result?.url,
        render: (_, item) => <Actions queue={queue} item={item} />,
      },
    ],
    [t, queue],
  );
  return (
    <Table<UploadItem>
      aria-label={t('upload.list')}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t('upload.empty') }}
    />
  );
}
