import { NOTICE_API } from '../../../contract/notice-api';
import type { Notice, NoticePage } from '../../../contract/notices';
import { NoticeDetail } from './notice-detail';
import { NoticeFilters } from './notice-filters';
import { List, PH, useCallback, useRef, useState } from './ph';

const { ScrollLoad } = PH.ui;

const MOBILE_PAGE_SIZE = 30;

/** The mobile variant: a list that loads the next page as it is scrolled (scroll-load). */
export function MobileList() {
  const t = PH.hooks.useT();
  const [items, setItems] = useState<Notice[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState({ title: '', category: '' });
  const [detail, setDetail] = useState<Notice | null>(null);
  // Each search has its own AbortController: a new search aborts the older one's requests, so
  // only the latest search's answers reach the list.
  const searchRef = useRef<AbortController | null>(null);
  const loadMore = useCallback(async () => {
    searchRef.current ??= new AbortController();
    const { signal } = searchRef.current;
    setLoading(true);
    try {
      const page = Math.floor(items.length / MOBILE_PAGE_SIZE) + 1;
      const answer = await PH.request.get<NoticePage>(
        NOTICE_API.list,
        { ...query, start: page, size: MOBILE_PAGE_SIZE },
        { signal },
      );
      // Aborted after its answer arrived, while PH was still reading it.
      if (signal.aborted) return;
      setItems((before) => [...before, ...answer.data.list]);
      setTotal(answer.data.total);
    } catch (error) {
      // An aborted search's request rejects quietly (PH shows no toast for it).
      if (!signal.aborted) throw error;
    } finally {
      if (!signal.aborted) setLoading(false);
    }
  }, [items.length, query]);
  return (
    <section aria-label={t('notices.list')} className="notices-mobile">
      <NoticeFilters
        onSearch={(title: string, category: string) => {
          searchRef.current?.abort();
          searchRef.current = new AbortController();
          setItems([]);
          setTotal(null);
          setLoading(false);
          setQuery({ title, category });
        }}
      />
      <ScrollLoad
        onLoadMore={loadMore}
        hasMore={total === null || items.length < total}
        loading={loading}
        empty={total === 0}
        height="calc(100vh - 170px)"
        label={t('notices.list')}
      >
        <List<Notice>
          dataSource={items}
          rowKey="id"
          renderItem={(notice: Notice) => (
            <List.Item
              key={notice.id}
              onClick={() => {
                setDetail(notice);
              }}
              style={{ cursor: 'pointer' }}
            >
              <List.Item.Meta
                title={
                  <a
                    href="#/list"
                    onClick={(event) => {
                      event.preventDefault();
                    }}
                  >
                    {notice.title}
                  </a>
                }
                description={`${t(`notices.categories.${notice.category}`)} · ${PH.format.relativeTimeText(notice.publishedAt)}`}
              />
            </List.Item>
          )}
        />
      </ScrollLoad>
      <NoticeDetail
        notice={detail}
        onClose={() => {
          setDetail(null);
        }}
      />
    </section>
  );
}
