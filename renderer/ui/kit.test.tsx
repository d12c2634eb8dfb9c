// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import { i18n } from '../core/i18n/instance';
import { initI18n } from '../core/i18n/init-i18n';
import { phZhCN } from '../ph/builtin';
import { Chart, type ChartInstance } from './chart/chart';
import { CHART_THEMES } from './chart/chart-themes';
import { DraggableDialog } from './dialog/draggable-dialog';
import { EmptyData } from './empty/empty-data';
import { FormDialog } from './form/form-dialog';
import { formRules } from './form/rules';
import en from './locales/en.json';
import zhHK from './locales/zh-HK.json';
import { PagedContainer } from './paged/paged-container';
import type { PageFetcher } from './paged/use-paged-list';
import {
  ColorFontPicker,
  DEFAULT_COLOR_FONT,
  PICKER_DEFAULT_COLOR,
  PICKER_FONT_SIZES,
  PICKER_FONTS,
} from './picker/color-font-picker';
import { PRINT_FONT_SIZE, PRINT_MAX_WIDTH_PX, printContent, printDocument } from './print/print';
import {
  nearEnd,
  SCROLL_LOAD_THRESHOLD_PX,
  SCROLL_TO_DURATION_MS,
  ScrollLoad,
} from './scroll/scroll-load';

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: phZhCN, bundled: { en, 'zh-HK': zhHK } });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

describe('DraggableDialog (spec §4, §9)', () => {
  function Harness({
    escapeCloses = true,
    onClose,
  }: {
    escapeCloses?: boolean;
    onClose: () => void;
  }) {
    return (
      <DraggableDialog open title="详情" escapeCloses={escapeCloses} onClose={onClose}>
        <p>正文</p>
      </DraggableDialog>
    );
  }
  const escape = (target: Element) => {
    fireEvent.keyDown(target, { key: 'Escape', code: 'Escape', keyCode: 27 });
  };

  it('asks to close on Escape, never on a backdrop click', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    for (const selector of ['.ant-modal-mask', '.ant-modal-wrap']) {
      const backdrop = document.querySelector(selector);
      if (!backdrop) continue;
      fireEvent.mouseDown(backdrop);
      fireEvent.mouseUp(backdrop);
      fireEvent.click(backdrop);
    }
    expect(onClose).not.toHaveBeenCalled();
    escape(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on Escape when not allowed, and takes z-index 1500', async () => {
    const onClose = vi.fn();
    render(<Harness escapeCloses={false} onClose={onClose} />);
    escape(await screen.findByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap');
    expect(wrap?.style.zIndex).toBe('1500');
  });

  it('moves from the keyboard and never leaves the window', async () => {
    // jsdom has no layout: the dialog is a 600 × 400 box at (200, 100) plus its translation.
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        const match = /translate\((-?\d+)px, (-?\d+)px\)/.exec(this.style.transform);
        const x = Number(match?.[1] ?? 0);
        const y = Number(match?.[2] ?? 0);
        return DOMRect.fromRect({ x: 200 + x, y: 100 + y, width: 600, height: 400 });
      });
    render(<Harness onClose={() => undefined} />);
    const move = await screen.findByRole('button', { name: /移动对话框/ });
    const box = document.querySelector<HTMLElement>('.ph-dialog');
    fireEvent.keyDown(move, { key: 'ArrowRight' });
    fireEvent.keyDown(move, { key: 'ArrowDown', shiftKey: true });
    expect(box?.style.transform).toBe('translate(10px, 50px)');
    for (let i = 0; i < 20; i += 1) fireEvent.keyDown(move, { key: 'ArrowRight', shiftKey: true });
    for (let i = 0; i < 20; i += 1) fireEvent.keyDown(move, { key: 'ArrowDown', shiftKey: true });
    // window: 1024 × 768 (jsdom): right edge 200 + 224 + 600 = 1024, bottom 100 + 268 + 400 = 768.
    expect(box?.style.transform).toBe(
      `translate(${String(window.innerWidth - 800)}px, ${String(window.innerHeight - 500)}px)`,
    );
    for (let i = 0; i < 40; i += 1) fireEvent.keyDown(move, { key: 'ArrowUp', shiftKey: true });
    for (let i = 0; i < 40; i += 1) fireEvent.keyDown(move, { key: 'ArrowLeft', shiftKey: true });
    expect(box?.style.transform).toBe('translate(-200px, -100px)');
    rect.mockRestore();
  });
});

describe('FormDialog (spec §4, §5, §9)', () => {
  function Harness({
    mode,
    onSubmit,
  }: {
    mode: 'add' | 'edit';
    onSubmit: (values: { email: string }, next: boolean) => void;
  }) {
    const [open, setOpen] = useState(true);
    const rules = formRules(i18n.t.bind(i18n));
    return (
      <FormDialog<{ email: string }>
        open={open}
        mode={mode}
        initialValues={mode === 'edit' ? { email: 'old@school.cn' } : {}}
        onSubmit={(values, next) => {
          onSubmit(values, next);
          if (!next) setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
        }}
      >
        <Form.Item name="email" label="邮箱" rules={[rules.required, rules.email]}>
          <Input />
        </Form.Item>
      </FormDialog>
    );
  }

  it('submits only valid values, with the continue flag of submit and add next', async () => {
    const submitted: [string, boolean][] = [];
    render(
      <Harness mode="add" onSubmit={(values, next) => submitted.push([values.email, next])} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await within(dialog).findByText('此项为必填项');
    const input = within(dialog).getByLabelText('邮箱');
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    await within(dialog).findByText('请输入正确的邮箱地址');
    expect(submitted).toEqual([]);
    fireEvent.change(input, { target: { value: 'a@b.cn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交并新增下一条' }));
    await waitFor(() => {
      expect(submitted).toEqual([['a@b.cn', true]]);
    });
    // Reset for the next one, still open.
    await waitFor(() => {
      expect(within(dialog).getByLabelText<HTMLInputElement>('邮箱').value).toBe('');
    });
  });

  it('edit mode shows the record, saves without a continue button', async () => {
    const submitted: [string, boolean][] = [];
    render(
      <Harness mode="edit" onSubmit={(values, next) => submitted.push([values.email, next])} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '提交并新增下一条' })).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>('邮箱').value).toBe('old@school.cn');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => {
      expect(submitted).toEqual([['old@school.cn', false]]);
    });
  });
});

describe('form rules in three languages (spec §5)', () => {
  it.each([
    ['zh-CN', '请输入正确的身份证号码'],
    ['zh-HK', '請輸入正確的身份證號碼'],
    ['en', 'Enter a valid identity card number'],
  ])('%s', async (lang, message) => {
    await i18n.changeLanguage(lang);
    const rules = formRules(i18n.t.bind(i18n));
    const check = (rule: (typeof rules)['idCard'], value: string) =>
      (rule as { validator: (r: unknown, v: string) => Promise<void> }).validator({}, value);
    await expect(check(rules.idCard, '110105199003071239')).resolves.toBeUndefined();
    await expect(check(rules.idCard, '')).resolves.toBeUndefined();
    await expect(check(rules.idCard, '110105199003071234')).rejects.toThrow(message);
    await expect(check(rules.mobile, '23800138000')).rejects.toThrow();
    await expect(check(rules.contact, '010-1234 5678')).resolves.toBeUndefined();
    await expect(check(rules.passwordA, 'abcdefgh')).rejects.toThrow();
    await expect(check(rules.passwordB, 'abc_123.@-x')).resolves.toBeUndefined();
  });
});

describe('PagedContainer (spec §4, §9)', () => {
  const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: from + index,
      title: `通知 ${String(from + index)}`,
    }));

  it('shows the rows, the total and the size options 30/100/200/300/400', async () => {
    const fetchPage: PageFetcher = ({ params }) =>
      Promise.resolve<ApiEnvelope>({
        status: 200,
        code: 'ok',
        message: '',
        fieldErrors: [],
        data: { list: rows(Number(params.start) * 100, 3), total: 95 },
      });
    render(
      <PagedContainer<{ id: number; title: string }>
        pageApi={{ api: '/api/x' }}
        fetchPage={fetchPage}
        columns={[{ title: '标题', dataIndex: 'title' }]}
      />,
    );
    await screen.findByText('通知 100');
    expect(screen.getByText('共 95 条')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    for (const size of [30, 100, 200, 300, 400]) {
      expect((await screen.findAllByText(new RegExp(`^${String(size)}`))).length).toBeGreaterThan(
        0,
      );
    }
  });

  it('warns "no pageApi config found" and shows the empty placeholder', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<PagedContainer pageApi={undefined} columns={[]} />);
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith('no pageApi config found');
    });
    render(<PagedContainer pageApi={{ api: '' }} columns={[]} />);
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith('pageApi.api cannot be empty');
    });
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    warn.mockRestore();
  });

  it('never lets a stale answer replace a newer one', async () => {
    const resolvers: ((envelope: ApiEnvelope) => void)[] = [];
    const fetchPage: PageFetcher = () =>
      new Promise((resolve) => {
        resolvers.push(resolve);
      });
    function Searching() {
      const [title, setTitle] = useState('a');
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setTitle('b');
            }}
          >
            search
          </button>
          <PagedContainer<{ id: number; title: string }>
            pageApi={{ api: '/api/x', querys: { title } }}
            fetchPage={fetchPage}
            columns={[{ title: '标题', dataIndex: 'title' }]}
          />
        </>
      );
    }
    render(<Searching />);
    await waitFor(() => {
      expect(resolvers.length).toBeGreaterThan(0);
    });
    const first = resolvers.length;
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => {
      expect(resolvers.length).toBeGreaterThan(first);
    });
    act(() => {
      resolvers.at(-1)?.({
        status: 200,
        code: 'ok',
        message: '',
        fieldErrors: [],
        data: { list: [{ id: 2, title: '新' }], total: 1 },
      });
    });
    await screen.findByText('新');
    act(() => {
      for (const resolve of resolvers.slice(0, -1)) {
        resolve({
          status: 200,
          code: 'ok',
          message: '',
          fieldErrors: [],
          data: { list: [{ id: 1, title: '旧' }], total: 1 },
        });
      }
    });
    // Nothing is awaited for a stale answer: let every promise chain it started run out (one
    // macrotask) before asserting it changed nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('旧')).toBeNull();
    expect(screen.getByText('新')).toBeTruthy();
  });
});

describe('ColorFontPicker (spec §3)', () => {
  it('has the fonts, sizes and default black of spec §3, and outputs color, fontSize, fontFamily', async () => {
    expect(PICKER_FONTS).toEqual([
      'SimSun',
      'KaiTi',
      'Microsoft YaHei',
      'SimHei',
      'LiSu',
      'STXingkai',
    ]);
    expect(PICKER_FONT_SIZES).toEqual([12, 14, 16, 18, 20]);
    expect(PICKER_DEFAULT_COLOR).toBe('#000000');
    const changes: unknown[] = [];
    render(<ColorFontPicker onChange={(value) => changes.push(value)} />);
    expect(screen.getByRole('group', { name: '颜色与字体' })).toBeTruthy();
    const [size] = screen.getAllByRole('combobox');
    if (!size) throw new Error('no size select');
    fireEvent.mouseDown(size);
    fireEvent.click(await screen.findByTitle('18px'));
    expect(changes).toEqual([{ ...DEFAULT_COLOR_FONT, fontSize: '18px' }]);
  });
});

describe('EmptyData, print and scroll-load (spec §9)', () => {
  it('says there is no data in the active language', async () => {
    await i18n.changeLanguage('en');
    render(<EmptyData />);
    expect(screen.getByRole('status').textContent).toBe('No data');
  });

  it('prints in an iframe at most 800 wide at 12pt, without scripts', () => {
    expect([PRINT_MAX_WIDTH_PX, PRINT_FONT_SIZE]).toEqual([800, '12pt']);
    const html = printDocument('<p>通知</p>', { title: '<b>t</b>' });
    expect(html).toContain('max-width:800px');
    expect(html).toContain('font-size:12pt');
    expect(html).toContain('&#60;b&#62;t&#60;/b&#62;');
    const element = document.createElement('article');
    element.textContent = '放假通知';
    const frame = printContent(element);
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frame.srcdoc).toContain('<article>放假通知</article>');
    printContent('<p>second</p>');
    expect(document.querySelectorAll('iframe[data-ph-print]')).toHaveLength(1);
  });

  it('loads more within 10 px of the end; scroll-to takes 500 ms by default', async () => {
    expect([SCROLL_LOAD_THRESHOLD_PX, SCROLL_TO_DURATION_MS]).toEqual([10, 500]);
    expect(nearEnd({ scrollTop: 490, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(nearEnd({ scrollTop: 489, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    const onLoadMore = vi.fn(() => Promise.resolve());
    render(
      <ScrollLoad onLoadMore={onLoadMore} hasMore>
        <p>item</p>
      </ScrollLoad>,
    );
    // jsdom: an empty box is at its end, so it asks for more.
    await waitFor(() => {
      expect(onLoadMore).toHaveBeenCalled();
    });
    expect(screen.getByRole('feed')).toBeTruthy();
  });

  it('asks again once a pending load settles, with the props of the latest render', async () => {
    let settleFirst: () => void = () => undefined;
    const first = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settleFirst = resolve;
        }),
    );
    const second = vi.fn(() => new Promise<void>(() => undefined));
    const view = render(<ScrollLoad onLoadMore={first} hasMore />);
    await waitFor(() => {
      expect(first).toHaveBeenCalledTimes(1);
    });
    // A new search while the first load is pending: the box does not ask twice at once.
    view.rerender(<ScrollLoad onLoadMore={second} hasMore />);
    expect(second).not.toHaveBeenCalled();
    // The first load settles without changing anything (its search was dropped).
    act(() => {
      settleFirst();
    });
    await waitFor(() => {
      expect(second).toHaveBeenCalledTimes(1);
    });
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe('Chart (spec §9)', () => {
  it('uses the four themes, resizes with its container and is disposed on unmount', async () => {
    expect(CHART_THEMES).toEqual(['infographic', 'macarons', 'roma', 'shine']);
    const calls: string[] = [];
    let resize: (() => void) | undefined;
    const Observer = vi.fn(function (this: unknown, callback: () => void) {
      resize = callback;
      return { observe: () => undefined, disconnect: () => calls.push('disconnect') };
    });
    vi.stubGlobal('ResizeObserver', Observer);
    const instance: ChartInstance = {
      setOption: () => calls.push('setOption'),
      resize: () => calls.push('resize'),
      dispose: () => calls.push('dispose'),
    };
    const load = () =>
      Promise.resolve({
        init: (_element: HTMLElement, theme?: string) => {
          calls.push(`init:${theme ?? ''}`);
          return instance;
        },
      });
    const view = render(
      <Chart option={{ series: [] }} theme="roma" label="每月通知数" load={load} />,
    );
    const chart = screen.getByRole('img', { name: '每月通知数' });
    await waitFor(() => {
      expect(chart.getAttribute('data-chart-state')).toBe('ready');
    });
    resize?.();
    view.rerender(<Chart option={{ series: [] }} theme="shine" label="每月通知数" load={load} />);
    await waitFor(() => {
      expect(calls).toContain('init:shine');
    });
    view.unmount();
    expect(calls).toEqual([
      'init:roma',
      'setOption',
      'resize',
      'disconnect',
      'dispose',
      'init:shine',
      'setOption',
      'disconnect',
      'dispose',
    ]);
    vi.unstubAllGlobals();
  });
});
