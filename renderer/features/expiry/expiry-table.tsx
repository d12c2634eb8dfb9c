// A Table: not in the desktops' antd set, so this module brings the app set with its chunk.
import 'virtual:antd-static/app.css';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleExpiryItem } from '../../../contract/desktop';
import { useServerText } from '../../core/i18n/traditional';
import { expiryRows, formatPlatformTime, type ExpiryStatus } from './expiry-status';

/**
 * What the table needs of a module: the wire's ModuleExpiryItem fits, and so does a module of an
 * openWay 1 message, which may lack the epoch `endTimestamp`.
 */
export type ExpiryItemSource = Pick<ModuleExpiryItem, 'code' | 'name' | 'endTime'> & {
  endTimestamp?: number;
};

export interface ExpiryTableProps {
  items: readonly ExpiryItemSource[];
  /** The instant the statuses are computed for; defaults to when the table first renders. */
  now?: number;
  loading?: boolean;
}

const STATUS_KEYS = { 1: 'inUse', 2: 'soon', 3: 'expired' } as const;

interface Row {
  key: string;
  name: string;
  endTimeText: string;
  status: ExpiryStatus;
}

function StatusCell({ status }: { status: ExpiryStatus }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The icon's colour repeats what the text says; the text alone carries the meaning.
  const icon =
    status === 3 ? (
      <CloseCircleFilled aria-hidden style={{ color: token.colorError }} />
    ) : status === 2 ? (
      <ExclamationCircleFilled aria-hidden style={{ color: token.colorWarning }} />
    ) : (
      <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
    );
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }} data-status={status}>
      {icon}
      {t(`expiry.status.${STATUS_KEYS[status]}`)}
    </span>
  );
}

/**
 * The module-expiry table (spec §2, §4): module name, expiry time and status, ordered expired,
 * soon to expire (within 90 days), in use. The status is computed here for `now`, so a stale
 * or untranslated server status never shows.
 */
export function ExpiryTable({ items, now, loading = false }: ExpiryTableProps) {
  const { t } = useTranslation();
  const local = useServerText();
  const [firstRender] = useState(Date.now);
  const at = now ?? firstRender;
  const rows: Row[] = expiryRows(
    items.map((item, index) => ({
      code: item.code,
      name: local(item.name),
      endTime:
        item.endTimestamp !== undefined && Number.isFinite(item.endTimestamp)
          ? item.endTimestamp
          : item.endTime,
      endTimeText: item.endTime,
      index,
    })),
    at,
  ).map((row) => ({
    key: `${row.code}-${String(row.index)}`,
    name: row.name,
    endTimeText: row.endTimeText === '' ? formatPlatformTime(row.endTimeMs) : row.endTimeText,
    status: row.dqstatus,
  }));

  const columns: ColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: t('expiry.columns.name') },
    { key: 'endTime', dataIndex: 'endTimeText', title: t('expiry.columns.endTime') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('expiry.columns.status'),
      render: (status: ExpiryStatus) => <StatusCell status={status} />,
    },
  ];

  return (
    <Table<Row>
      columns={columns}
      dataSource={rows}
      pagination={false}
      loading={loading}
      size="small"
      scroll={{ y: 360 }}
      locale={{ emptyText: t('expiry.empty') }}
    />
  );
}
