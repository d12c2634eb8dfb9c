/**
 * Notices (通知公告), the reference server's platform application, built only on PH: it is a
 * bundle of its own (vite.notices.config.ts) that loads PH from the platform like any
 * application, renders with PH's React and antd (PH.createElement, PH.antd) and the PH kit.
 * Types come from PH's declarations (type-only imports: nothing of PH is bundled here).
 */
import type { Notice, NoticePage, NoticeStats } from '../../../contract/notices';
import { NOTICE_API, NOTICE_CATEGORIES, NOTICE_CODES } from '../../../contract/notice-api';
import type { PhApi, PhContext } from '../../ph/index';
import { NOTICE_TEXTS } from './texts';

type PH = PhApi;
type Node = ReturnType<PH['createElement']>;

interface NoticeForm {
  title: string;
  category: string;
  publisher: string;
  contact: string;
  email: string;
  content: string;
}

const MOBILE_PAGE_SIZE = 30;

/** The list's columns other than the title: category, publisher, published, actions. */
const COLUMN_WIDTHS = { category: 120, publisher: 120, publishedAt: 190, actions: 200 };
/**
 * The title column never gets narrower than this: on a narrow screen (a phone) the table scrolls
 * sideways in its box instead of squeezing the titles to a character a line.
 */
const TITLE_MIN_WIDTH = 200;
const TABLE_MIN_WIDTH =
  TITLE_MIN_WIDTH + Object.values(COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);

function dateText(time: number): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function createApp(PH: PH, context: PhContext) {
  const h = PH.createElement;
  const { useState, useRef, useMemo, useCallback } = PH.React;
  const {
    Button,
    Flex,
    Form,
    Input,
    Popconfirm,
    Segmented,
    Select,
    Space,
    Tag,
    Typography,
    Card,
    List,
  } = PH.antd;
  const ui = PH.ui;

  function categoryOptions(t: (key: string) => string) {
    return NOTICE_CATEGORIES.map((value) => ({ value, label: t(`notices.categories.${value}`) }));
  }

  /** The detail of a notice in the draggable dialog, with print. */
  function Detail({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
    const t = PH.hooks.useT();
    const article = useRef<HTMLElement | null>(null);
    const [shown, setShown] = useState<Notice | null>(notice);
    if (notice && notice !== shown) setShown(notice);
    const current = notice ?? shown;
    return h(
      ui.DraggableDialog,
      {
        open: notice !== null,
        title: current?.title ?? '',
        onClose,
        afterClose: () => {
          setShown(null);
        },
        footer: h(
          Button,
          {
            type: 'primary',
            autoInsertSpace: false,
            onClick: () => {
              if (article.current) ui.print(article.current, { title: current?.title ?? '' });
            },
          },
          t('notices.print'),
        ),
      },
      current &&
        h(
          'article',
          { ref: article, className: 'notice-detail' },
          // On screen the dialog's title names the notice (the page's style hides this one,
          // server/apps/notice-page-html.ts); the printed copy has no dialog, so it keeps it.
          h('h2', { className: 'notice-detail__title' }, current.title),
          h(
            'p',
            { className: 'notice-detail__meta' },
            `${t(`notices.categories.${current.category}`)} · ${current.publisher} · ${dateText(current.publishedAt)}`,
          ),
          ...current.content.split('\n').map((line, index) => h('p', { key: index }, line)),
          current.contact || current.email
            ? h(
                'p',
                { className: 'notice-detail__contact' },
                [current.contact, current.email].filter(Boolean).join(' · '),
              )
            : null,
        ),
    );
  }

  /** Add and edit in the form dialog, with the validators of spec §5. */
  function Editor({
    editing,
    open,
    onClose,
    onSaved,
  }: {
    editing: Notice | null;
    open: boolean;
    onClose: () => void;
    onSaved: () => void;
  }) {
    const t = PH.hooks.useT();
    const rules = ui.rules();
    return h(
      ui.FormDialog<NoticeForm>,
      {
        open,
        mode: editing ? 'edit' : 'add',
        initialValues: editing
          ? { ...editing }
          : { category: 'school', publisher: context.user?.realName ?? '', contact: '', email: '' },
        onClose,
        onSubmit: async (values: NoticeForm, continueAdding: boolean) => {
          await PH.request.postJson(
            NOTICE_API.save,
            editing ? { ...values, id: editing.id } : values,
          );
          PH.notify.success(t('notices.saved'));
          onSaved();
          if (!continueAdding) onClose();
        },
      },
      h(
        Form.Item,
        { name: 'title', label: t('notices.fields.title'), rules: [rules.required, { max: 100 }] },
        h(Input, { maxLength: 100 }),
      ),
      h(
        Form.Item,
        { name: 'category', label: t('notices.fields.category'), rules: [rules.required] },
        h(Select, { options: categoryOptions(t) }),
      ),
      h(
        Form.Item,
        {
          name: 'publisher',
          label: t('notices.fields.publisher'),
          rules: [rules.required, { max: 50 }],
        },
        h(Input, null),
      ),
      h(
        Form.Item,
        {
          name: 'contact',
          label: t('notices.fields.contact'),
          rules: [rules.contact, { max: 30 }],
        },
        h(Input, null),
      ),
      h(
        Form.Item,
        { name: 'email', label: t('notices.fields.email'), rules: [rules.email, { max: 100 }] },
        h(Input, null),
      ),
      h(
        Form.Item,
        {
          name: 'content',
          label: t('notices.fields.content'),
          rules: [rules.required, { max: 5000 }],
        },
        h(Input.TextArea, { rows: 5 }),
      ),
    );
  }

  function Filters({
    onSearch,
    children,
  }: {
    onSearch: (title: string, category: string) => void;
    children?: Node;
  }) {
    const t = PH.hooks.useT();
    const [title, setTitle] = useState('');
    const [category, setCategory] = useState('');
    return h(
      Flex,
      { gap: 8, wrap: true, className: 'notices-filters', role: 'search' },
      h(Input.Search, {
        'aria-label': t('notices.searchTitle'),
        placeholder: t('notices.searchTitle'),
        allowClear: true,
        style: { width: 260 },
        value: title,
        enterButton: t('notices.search'),
        onChange: (event: { target: { value: string } }) => {
          setTitle(event.target.value);
        },
        onSearch: (value: string) => {
          onSearch(value, category);
        },
      }),
      h(Select, {
        'aria-label': t('notices.category'),
        style: { width: 160 },
        value: category,
        options: [{ value: '', label: t('notices.allCategories') }, ...categoryOptions(t)],
        onChange: (value: unknown) => {
          const chosen = typeof value === 'string' ? value : '';
          setCategory(chosen);
          onSearch(title, chosen);
        },
      }),
      children ?? null,
    );
  }

  function ListView() {
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

    const remove = async (notice: Notice) => {
      await PH.request.post(NOTICE_API.remove, { id: notice.id });
      PH.notify.success(t('notices.deleted'));
      // An emptied later page steps back (the paged container's rule).
      reload();
    };

    const columns = [
      {
        title: t('notices.columns.title'),
        dataIndex: 'title',
        minWidth: TITLE_MIN_WIDTH,
        render: (_: unknown, notice: Notice) =>
          h(
            Typography.Link,
            {
              onClick: () => {
                setDetail(notice);
              },
            },
            notice.title,
          ),
      },
      {
        title: t('notices.columns.category'),
        dataIndex: 'category',
        width: COLUMN_WIDTHS.category,
        render: (value: string) => h(Tag, null, t(`notices.categories.${value}`)),
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
        render: (value: number) =>
          h(
            'time',
            { dateTime: new Date(value).toISOString(), title: dateText(value) },
            PH.format.relativeTimeText(value),
          ),
      },
      {
        title: t('notices.columns.actions'),
        key: 'actions',
        width: COLUMN_WIDTHS.actions,
        render: (_: unknown, notice: Notice) =>
          h(
            Space,
            null,
            h(
              Button,
              {
                size: 'small',
                type: 'link',
                onClick: () => {
                  setDetail(notice);
                },
              },
              t('notices.view'),
            ),
            h(
              ui.Access,
              { code: NOTICE_CODES.publish, children: null },
              h(
                Button,
                {
                  size: 'small',
                  type: 'link',
                  onClick: () => {
                    setEditor({ open: true, editing: notice });
                  },
                },
                t('notices.edit'),
              ),
            ),
            h(
              ui.Access,
              { code: NOTICE_CODES.remove, children: null },
              h(
                Popconfirm,
                {
                  title: t('notices.deleteConfirm'),
                  onConfirm: () => {
                    void remove(notice);
                  },
                },
                h(Button, { size: 'small', type: 'link', danger: true }, t('notices.delete')),
              ),
            ),
          ),
      },
    ];

    return h(
      'section',
      { 'aria-label': t('notices.list') },
      h(
        Filters,
        {
          onSearch: (title: string, category: string) => {
            setQuery({ title, category });
          },
        },
        h(
          Space,
          { style: { marginInlineStart: 'auto' } },
          h(
            ui.Access,
            { code: NOTICE_CODES.publish, children: null },
            h(
              Button,
              {
                type: 'primary',
                onClick: () => {
                  setEditor({ open: true, editing: null });
                },
              },
              t('notices.add'),
            ),
          ),
          h(
            Button,
            {
              onClick: () => {
                ui.exportTable({
                  title: t('notices.title'),
                  table: table.current?.querySelector('table') ?? null,
                });
              },
            },
            t('notices.export'),
          ),
        ),
      ),
      h(
        'div',
        { ref: table, style: { marginTop: 12 } },
        h(ui.PagedContainer<Notice>, {
          pageApi,
          columns,
          rowKey: 'id',
          listRef: list,
          label: t('notices.list'),
          scroll: { x: TABLE_MIN_WIDTH },
        }),
      ),
      h(Detail, {
        notice: detail,
        onClose: () => {
          setDetail(null);
        },
      }),
      h(Editor, {
        open: editor.open,
        editing: editor.editing,
        onClose: () => {
          setEditor((before) => ({ ...before, open: false }));
        },
        onSaved: reload,
      }),
    );
  }

  function StatsView() {
    const t = PH.hooks.useT();
    const [theme, setTheme] = useState<(typeof ui.constants.CHART_THEMES)[number]>('macarons');
    const [stats, setStats] = useState<NoticeStats | null>(null);
    const asked = useRef(false);
    if (!asked.current) {
      asked.current = true;
      void PH.request.get<NoticeStats>(NOTICE_API.stats).then((answer) => {
        setStats(answer.data);
      });
    }
    const perMonth = useMemo(
      () => ({
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 48 },
        xAxis: { type: 'category', data: stats?.perMonth.map((entry) => entry.month) ?? [] },
        yAxis: { type: 'value' },
        series: [
          {
            type: 'bar',
            name: t('notices.perMonth'),
            data: stats?.perMonth.map((entry) => entry.count) ?? [],
          },
        ],
      }),
      [stats, t],
    );
    const perCategory = useMemo(
      () => ({
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            name: t('notices.perCategory'),
            data:
              stats?.perCategory.map((entry) => ({
                name: t(`notices.categories.${entry.category}`),
                value: entry.count,
              })) ?? [],
          },
        ],
      }),
      [stats, t],
    );
    return h(
      'section',
      { 'aria-label': t('notices.stats') },
      h(
        Flex,
        { gap: 8, align: 'center', wrap: true },
        h('span', { id: 'chart-theme-label' }, t('notices.chartTheme')),
        h(Segmented, {
          'aria-labelledby': 'chart-theme-label',
          options: [...ui.constants.CHART_THEMES],
          value: theme,
          onChange: (value: unknown) => {
            if (ui.constants.CHART_THEMES.includes(value as typeof theme))
              setTheme(value as typeof theme);
          },
        }),
      ),
      h(
        'div',
        { className: 'notices-charts' },
        h(
          Card,
          { title: t('notices.perMonth') },
          h(ui.Chart, { option: perMonth, theme, label: t('notices.perMonth'), height: 320 }),
        ),
        h(
          Card,
          { title: t('notices.perCategory') },
          h(ui.Chart, { option: perCategory, theme, label: t('notices.perCategory'), height: 320 }),
        ),
      ),
    );
  }

  /** The mobile variant: a list that loads the next page as it is scrolled (scroll-load). */
  function MobileList() {
    const t = PH.hooks.useT();
    const [items, setItems] = useState<Notice[]>([]);
    const [total, setTotal] = useState<number | null>(null);
    const [loading, setLoading] = useState(false);
    const [query, setQuery] = useState({ title: '', category: '' });
    const [detail, setDetail] = useState<Notice | null>(null);
    const generation = useRef(0);
    const loadMore = useCallback(async () => {
      const mine = generation.current;
      setLoading(true);
      try {
        const page = Math.floor(items.length / MOBILE_PAGE_SIZE) + 1;
        const answer = await PH.request.get<NoticePage>(NOTICE_API.list, {
          ...query,
          start: page,
          size: MOBILE_PAGE_SIZE,
        });
        if (mine !== generation.current) return;
        setItems((before) => [...before, ...answer.data.list]);
        setTotal(answer.data.total);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    }, [items.length, query]);
    return h(
      'section',
      { 'aria-label': t('notices.list'), className: 'notices-mobile' },
      h(Filters, {
        onSearch: (title: string, category: string) => {
          generation.current += 1;
          setItems([]);
          setTotal(null);
          setLoading(false);
          setQuery({ title, category });
        },
      }),
      h(
        ui.ScrollLoad,
        {
          onLoadMore: loadMore,
          hasMore: total === null || items.length < total,
          loading,
          empty: total === 0,
          height: 'calc(100vh - 170px)',
          label: t('notices.list'),
        },
        h(List<Notice>, {
          dataSource: items,
          rowKey: 'id',
          renderItem: (notice: Notice) =>
            h(
              List.Item,
              {
                key: notice.id,
                onClick: () => {
                  setDetail(notice);
                },
                style: { cursor: 'pointer' },
              },
              h(List.Item.Meta, {
                title: h(
                  'a',
                  {
                    href: `#/list`,
                    onClick: (event: Event) => {
                      event.preventDefault();
                    },
                  },
                  notice.title,
                ),
                description: `${t(`notices.categories.${notice.category}`)} · ${PH.format.relativeTimeText(notice.publishedAt)}`,
              }),
            ),
        }),
      ),
      h(Detail, {
        notice: detail,
        onClose: () => {
          setDetail(null);
        },
      }),
    );
  }

  function App() {
    const t = PH.hooks.useT();
    const path = PH.route.hashRoute(PH.hooks.useHash());
    const tab = path.startsWith('/stats') ? 'stats' : 'list';
    return h(
      'div',
      { className: context.mobile ? 'notices notices--mobile' : 'notices' },
      h(
        'header',
        { className: 'ph-app-header notices-header' },
        h('h1', null, t('notices.title')),
        context.mobile
          ? null
          : h(Segmented, {
              'aria-label': t('notices.title'),
              value: tab,
              options: [
                { value: 'list', label: t('notices.list') },
                { value: 'stats', label: t('notices.stats') },
              ],
              onChange: (value: unknown) => {
                window.location.hash = value === 'stats' ? '#/stats' : '#/list';
              },
            }),
        h(ui.LanguageSwitcher, { languages: context.langList.map((option) => option.value) }),
      ),
      h(
        'main',
        { className: 'notices-main' },
        h(ui.AppRouter, { routes: context.routes, checkMenuList: false }),
      ),
    );
  }

  return { App, ListView, StatsView, MobileList };
}

async function start(): Promise<void> {
  const root = document.getElementById('notices-root');
  const phUrl = root?.dataset.ph;
  if (!root || !phUrl) return;
  const module = (await import(/* @vite-ignore */ phUrl)) as { default: PhApi };
  const PH = module.default;
  for (const [lang, texts] of Object.entries(NOTICE_TEXTS)) {
    PH.i18n.addTexts(lang as 'zh-CN' | 'zh-HK' | 'en', texts);
  }
  const mobile = document.body.dataset.device === 'mobile';
  // Routes first with placeholders: PH.init filters them by the permission codes (async).
  const views: { list?: Node; stats?: Node } = {};
  const context = await PH.init({
    code: 'tzgg',
    appCode: 'tzgg',
    appName: document.title,
    mobile,
    langList: ['zh-CN', 'zh-HK', 'en'],
    routerType: 'async',
    router: [
      { path: '/', meta: { code: NOTICE_CODES.list }, element: null },
      { path: '/list', meta: { code: NOTICE_CODES.list }, element: null },
      { path: '/stats', meta: { code: NOTICE_CODES.list }, element: null },
    ],
  });
  for (const [lang, texts] of Object.entries(NOTICE_TEXTS)) {
    PH.i18n.addTexts(lang as 'zh-CN' | 'zh-HK' | 'en', texts);
  }
  const app = createApp(PH, context);
  const h = PH.createElement;
  views.list = mobile ? h(app.MobileList) : h(app.ListView);
  views.stats = mobile ? views.list : h(app.StatsView);
  context.routes = context.routes.map((route) => ({
    ...route,
    element: route.path === '/stats' ? views.stats : views.list,
  }));
  PH.mount(root, h(app.App));
}

void start();
