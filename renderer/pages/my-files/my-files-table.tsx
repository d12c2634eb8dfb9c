import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_API } from '../../../contract/api-paths';
import type { UploadedFileInfo } from '../../../contract/upload';
import { dateTimeText } from '../../core/format';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import type { UploadQueue } from '../../core/upload/upload-queue';
import { formatBytes } from '../../ui/upload/format';
import { EXPORT_SKIP_ATTRIBUTE, exportTable } from '../../ui/upload/table-export';

// A data attribute: React passes it to the cell; the type of antd's cell props lacks data-*.
const SKIP = { [EXPORT_SKIP_ATTRIBUTE]: 'skip' } as HTMLAttributes<HTMLTableCellElement>;

/** The user's stored files, as the query cache knows them. */
const MY_FILES: Query<UploadedFileInfo[]> = {
  key: ['my-files'],
  fetch: async () => (await http.get<UploadedFileInfo[]>(STORAGE_API.myFiles)).data,
};

const NO_FILES: UploadedFileInfo[] = [];

/**
 * The user's stored files, each with its download link, and the table export (spec §7). One
 * download: the link and the generic download form fetch the same bytes, and two buttons that do
 * the same thing ask the user to choose for nothing (the form stays in PH for applications, and
 * the export uses it).
 */
export function MyFilesTable({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation();
  // A failure is reported by the request client's toast; the table keeps what it showed.
  const answer = useQuery(MY_FILES);
  const files = answer.data ?? NO_FILES;
  const loading = answer.status === 'pending' || answer.fetching;
  const [exporting, setExporting] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);

  // A finished upload adds a file.
  const refetch = answer.refetch;
  useEffect(
    () =>
      queue.onDone(() => {
        void refetch();
      }),
    [refetch, queue],
  );

  const refresh = () => {
    void refetch();
  };

  const columns: TableColumnsType<UploadedFileInfo> = [
    { title: t('myFiles.column.name'), dataIndex: 'fileName', key: 'name' },
    {
      title: t('myFiles.column.size'),
      key: 'size',
      render: (_, file) => formatBytes(file.size),
    },
    {
      title: t('myFiles.column.time'),
      key: 'time',
      render: (_, file) => dateTimeText(file.createTime),
    },
    {
      title: t('myFiles.column.actions'),
      key: 'actions',
      onHeaderCell: () => SKIP,
      onCell: () => SKIP,
      render: (_, file) => (
        <Button
          type="link"
          size="small"
          href={file.url}
          download={file.fileName}
          aria-label={t('myFiles.downloadLabel', { name: file.fileName })}
        >
          {t('myFiles.download')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={refresh}>{t('myFiles.refresh')}</Button>
        <Button
          loading={exporting}
          onClick={() => {
            exportTable(t, {
              title: t('myFiles.tableTitle'),
              table: tableRef.current,
              onLoading: setExporting,
            });
          }}
        >
          {exporting ? t('upload.table.exporting') : t('upload.table.export')}
        </Button>
      </Space>
      <div ref={tableRef}>
        <Table<UploadedFileInfo>
          aria-label={t('myFiles.files')}
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={files}
          pagination={false}
          locale={{ emptyText: t('myFiles.empty') }}
        />
      </div>
    </Space>
  );
}
