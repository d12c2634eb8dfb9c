import { NOTICE_API, NOTICE_CODES } from '../../../contract/notice-api';
import type { Notice } from '../../../contract/notices';
import { NoticeDetail } from './notice-detail';
import { NoticeEditor } from './notice-editor';
import { NoticeFilters } from './notice-filters';
import { dateText } from './notice-format';
import {
  Button,
  PH,
  Popconfirm,
  Space,
  Tag,
  Typography,
  useCallback,
  useMemo,
  useRef,
  useState,
} from './ph';

const { Access, PagedContainer } = PH.ui;

/** The list's columns other than the title: category, publisher, published, actions. */
const COLUMN_WIDTHS = { category: 120, publisher: 120, publishedAt: 190, actions: 200 };
/**
 * The title column never gets narrower than this: on a narrow screen (a phone) the table scrolls
 * sideways in its box instead of squeezing the titles to a character a line.
 */
const TITLE_MIN_WIDTH = 200;
const TABLE_MIN_WIDTH =
  TITLE_MIN_WIDTH + Object.values(COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);

/** The desktop list: a paged table with search, detail, add, edit, delete and export. */
export function ListView({ publisher }: { publisher: string }) {
  const t = PH.hooks.useT();
  const [query, setQuery] = useState({ title: '', category: '' });
  const [detail, setDetail] = useState<Notice | null>(null);
  const [editor, setEditor] = useState<{ open: boolean; editing: Notice | null }>({
    open: false,
    editing: null,
  });
  const list = useRef<{
    reload: () => void;
    load: (page?: number, size?: number) => void;
  } | null>(null);
  const table = useRef<HTMLDivElement | null>(null);
  const pageApi = useMemo(() => ({ api: NOTICE_API.list, querys: query }), [query]);
  const reload = useCallback(() => list.current?.reload(), []);
  // What the last save or delete did, said in a line above the list rather than in a toast,
  // which lay over the page's tabs and the list's own buttons.
  const [done, setDone] = useState('');
  const saved = useCallback(() => {
    setDone(t('notices.saved'));
    reload();
  }, [t, reload]);

  const remove = async (notice: Notice) => {
    await PH.request.post(NOTICE_API.remove, { id: notice.id });
    setDone(t('notices.deleted'));
    // An emptied later page steps back (the paged container's rule).
    reload();
  };

  const columns = [
    {
      title: t('notices.columns.title'),
      dataIndex: 'title',
      minWidth: TITLE_MIN_WIDTH,
      render: (_: unknown, notice: Notice) => (
        <Typography.Link
          onClick={() => {
            setDetail(notice);
          }}
        >
          {notice.title}
        </Typography.Link>
      ),
    },
    {
      title: t('notices.columns.category'),
      dataIndex: 'category',
      width: COLUMN_WIDTHS.category,
      render: (value: string) => <Tag>{t(`notices.categories.${value}`)}</Tag>,
    },
    {
      title: t('notices.columns.publisher'),
      dataIndex: 'publisher',
      width: COLUMN_WIDTHS.publisher,
    },
    {
      title: t('notices.columns.publishedAt'),
      dataIndex: 'publishedAt',
      width: COLUMN_WIDTHS.publishedAt,
      render: (value: number) => (
        <time dateTime={new Date(value).toISOString()} title={dateText(value)}>
          {PH.format.relativeTimeText(value)}
        </time>
      ),
    },
    {
      title: t('notices.columns.actions'),
      key: 'actions',
      width: COLUMN_WIDTHS.actions,
      render: (_: unknown, notice: Notice) => (
        <Space>
          <Button
            size="small"
            type="link"
            onClick={() => {
              setDetail(notice);
            }}
          >
            {t('notices.view')}
          </Button>
          <Access code={NOTICE_CODES.publish}>
            <Button
              size="small"
              type="link"
              onClick={() => {
                setEditor({ open: true, editing: notice });
              }}
            >
              {t('notices.edit')}
            </Button>
          </Access>
          <Access code={NOTICE_CODES.remove}>
            <Popconfirm
              title={t('notices.deleteConfirm')}
              onConfirm={() => {
                void remove(notice);
              }}
            >
              <Button size="small" type="link" danger>
                {t('notices.delete')}
              </Button>
            </Popconfirm>
          </Access>
        </Space>
      ),
    },
  ];

  return (
    <section aria-label={t('notices.list')}>
      <NoticeFilters
        onSearch={(title: string, category: string) => {
          setDone('');
          setQuery({ title, category });
        }}
      >
        <Space style={{ marginInlineStart: 'auto' }}>
          <Access code={NOTICE_CODES.publish}>
            <Button
              type="primary"
              onClick={() => {
                setEditor({ open: true, editing: null });
              }}
            >
              {t('notices.add')}
            </Button>
          </Access>
          <Button
            onClick={() => {
              PH.ui.exportTable({
                title: t('notices.title'),
                table: table.current?.querySelector('table') ?? null,
              });
            }}
          >
            {t('notices.export')}
          </Button>
        </Space>
      </NoticeFilters>
      <p role="status" style={{ margin: done === '' ? 0 : '12px 0 0' }}>
        {done}
      </p>
      <div ref={table} style={{ marginTop: 12 }}>
        <PagedContainer<Notice>
          pageApi={pageApi}
          columns={columns}
          rowKey="id"
          listRef={list}
          label={t('notices.list')}
          scroll={{ x: TABLE_MIN_WIDTH }}
        />
      </div>
      <NoticeDetail
        notice={detail}
        onClose={() => {
          setDetail(null);
        }}
      />
      <NoticeEditor
        open={editor.open}
        editing={editor.editing}
        publisher={publisher}
        onClose={() => {
          setEditor((before) => ({ ...before, open: false }));
        }}
        onSaved={saved}
      />
    </section>
  );
}
