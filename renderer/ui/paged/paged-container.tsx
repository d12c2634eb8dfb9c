import { Pagination, Table, type TableColumnsType } from 'antd';
import { useImperativeHandle, type Key, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PageApi } from '../../core/paged/page-api';
import { EmptyData } from '../empty/empty-data';
import { usePagedList, type PagedList, type PageFetcher } from './use-paged-list';

/** What an application can do with a mounted container (through `listRef`). */
export interface PagedContainerHandle {
  reload: () => void;
  load: (page?: number, size?: number) => void;
}

export interface PagedContainerProps<T> {
  /** The page API config of spec §3; warns 'no pageApi config found' when missing. */
  pageApi: PageApi | null | undefined;
  /** Columns of the antd Table; or `renderList` for a list of one's own. */
  columns?: TableColumnsType<T>;
  rowKey?: string | ((row: T) => Key);
  renderList?: (list: T[], state: PagedList<T>) => ReactNode;
  /** Without paging the whole list is asked for (no page and size parameters). */
  paged?: boolean;
  /** The accessible name of the list. */
  label?: string;
  fetchPage?: PageFetcher;
  listRef?: Ref<PagedContainerHandle>;
  /** The table's scroll box (antd Table `scroll`). */
  scroll?: { x?: number | string; y?: number | string };
}

/** antd's pagination puts the size changer last; spec §9's layout wants it after the total. */
const LAYOUT_STYLE = `.ph-pagination{display:flex;flex-wrap:wrap;justify-content:flex-end;row-gap:8px;margin-top:16px}
.ph-pagination .ant-pagination-total-text{order:-2}
.ph-pagination .ant-pagination-options{order:-1;margin-inline:0 8px}`;

/**
 * The paged data container (spec §1, §4, §9): loads the configured page API, shows the list
 * (an antd Table or the application's own rendering) and the pagination of spec §9 (total,
 * sizes, prev, pager, next; sizes 30, 100, 200, 300, 400).
 */
export function PagedContainer<T extends object>({
  pageApi,
  columns,
  rowKey = 'id',
  renderList,
  paged = true,
  label,
  fetchPage,
  listRef,
  scroll,
}: PagedContainerProps<T>) {
  const { t } = useTranslation();
  const state = usePagedList<T>(pageApi, {
    paged,
    initialSize: DEFAULT_PAGE_SIZE,
    ...(fetchPage ? { fetchPage } : {}),
  });
  useImperativeHandle(listRef, () => ({ reload: state.reload, load: state.load }), [
    state.reload,
    state.load,
  ]);
  const name = label ?? t('ui.kit.paged.list');

  return (
    <div className="ph-paged" aria-busy={state.loading}>
      <style href="ph-pagination" precedence="default">
        {LAYOUT_STYLE}
      </style>
      {renderList ? (
        <div role="region" aria-label={name}>
          {state.list.length === 0 && !state.loading ? (
            <EmptyData />
          ) : (
            renderList(state.list, state)
          )}
        </div>
      ) : (
        <Table<T>
          aria-label={name}
          columns={columns ?? []}
          dataSource={state.list}
          rowKey={rowKey}
          loading={state.loading}
          pagination={false}
          locale={{ emptyText: <EmptyData /> }}
          {...(scroll ? { scroll } : {})}
        />
      )}
      {paged && (
        <nav aria-label={t('ui.kit.paged.label')}>
          <Pagination
            className="ph-pagination"
            current={state.page}
            pageSize={state.size}
            total={state.total}
            showTotal={(total) => t('ui.kit.paged.total', { total })}
            showSizeChanger
            pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
            onChange={(page, size) => {
              // A new size starts again at page 1.
              state.load(size === state.size ? page : 1, size);
            }}
          />
        </nav>
      )}
    </div>
  );
}
