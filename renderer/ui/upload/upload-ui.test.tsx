// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_API } from '../../../contract/api-paths';
import { UPLOAD_TEXTS } from '../../../contract/upload';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { createIndexedDbQueueStore } from '../../core/upload/queue-store';
import { UploadQueue, type OnlineSource } from '../../core/upload/upload-queue';
import { builtinZhCN } from '../../pages/builtin-locale';
import { attachToastSink, type ToastRequest } from '../notify/notify';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import { downloadByForm, DOWNLOAD_FRAME_NAME } from './download';
import { formatBytes, formatDuration } from './format';
import { startUpload } from './start-upload';
import { exportTable, tableHtml } from './table-export';
import { uploadErrorText } from './upload-messages';
import { UploadList } from './upload-list';

/** An offline queue: files are queued and shown, nothing is sent (no server in this test). */
const offline: OnlineSource = { isOnline: () => false, subscribe: () => () => undefined };

let toasts: ToastRequest[] = [];
let detach: () => void = () => undefined;

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN, bundled: { en } });
});
beforeEach(() => {
  toasts = [];
  detach = attachToastSink((toast) => toasts.push(toast));
});
afterEach(async () => {
  vi.useRealTimers();
  detach();
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

const t = i18n.t.bind(i18n);

describe("the spec's texts", () => {
  it('are the zh-CN texts of the upload locale', () => {
    expect(zhCN.upload.errors.notFindFile).toBe(UPLOAD_TEXTS.notFindFile);
    expect(zhCN.upload.errors.sizeExceeded).toBe(UPLOAD_TEXTS.sizeExceeded);
    expect(zhCN.upload.errors.uploadFailed).toBe(UPLOAD_TEXTS.uploadFailed);
    expect(zhCN.upload.table.missing).toBe('alert 请指定需要下载的表格');
  });
});

describe('startUpload', () => {
  it("warns 'Not find file' without a file, and queues nothing", () => {
    const queue = new UploadQueue({ online: offline });
    expect(startUpload(queue, null, {}, t)).toEqual([]);
    expect(startUpload(queue, [], {}, t)).toEqual([]);
    expect(toasts.map((toast) => [toast.type, toast.description])).toEqual([
      ['warning', 'Not find file'],
      ['warning', 'Not find file'],
    ]);
    expect(queue.items()).toEqual([]);
  });

  it('refuses forbidden, oversized and non-image files with their texts, queues the rest', () => {
    const queue = new UploadQueue({ online: offline });
    const files = [
      new File(['x'], 'run.exe'),
      new File(['xxxx'], 'big.png'),
      new File(['x'], 'doc.pdf'),
      new File(['x'], 'ok.png'),
    ];
    const queued = startUpload(queue, files, { accept: 'image', maxSize: 3 }, t);
    expect(queued.map((item) => item.name)).toEqual(['ok.png']);
    expect(toasts.map((toast) => toast.description)).toEqual([
      'run.exe: 不允许上传 .exe 类型的文件',
      'big.png: 大小超出限制',
      'doc.pdf: 只能上传图片（gif、jpg、jpeg、bmp、png、tif）',
    ]);
  });
});

describe('uploadErrorText (spec §8 upload toast)', () => {
  it('shows the status plus the message, or the type’s own text', () => {
    expect(uploadErrorText(t, { type: 'uploaderror', status: 413, message: '大小超出限制' })).toBe(
      '413 大小超出限制',
    );
    expect(uploadErrorText(t, { type: 'uploaderror', status: 0, message: 'Network error' })).toBe(
      '上传失败',
    );
    expect(uploadErrorText(t, { type: 'chunkmerge', status: 0, message: '' })).toBe('分片合并失败');
  });
});

describe('UploadList', () => {
  it('shows name, size and state, and pauses, resumes and cancels', async () => {
    const queue = new UploadQueue({ online: offline });
    queue.add([new File([new Uint8Array(3 * 1024 * 1024)], '课件.pptx')]);
    render(
      <I18nextProvider i18n={i18n}>
        <UploadList queue={queue} />
      </I18nextProvider>,
    );
    const row = screen.getByRole('row', { name: /课件\.pptx/ });
    expect(within(row).getByText('3.0 MB')).toBeTruthy();
    expect(within(row).getByRole('status').textContent).toBe('等待中');
    // The bar never animates on its own: no shimmer, no width transition (they repainted the
    // page at the screen's rate during an upload).
    const bar = within(row).getByRole('progressbar');
    expect(bar.className).not.toContain('ant-progress-status-active');
    const track = bar.querySelector<HTMLElement>('.ant-progress-track');
    expect(track?.style.transition).toBe('none');
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '暂停：课件.pptx' }));
      await Promise.resolve();
    });
    // The list renders on the next frame (use-upload-queue.ts).
    await waitFor(() => {
      expect(within(row).getByRole('status').textContent).toBe('已暂停');
    });
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '继续：课件.pptx' }));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(within(row).getByRole('status').textContent).toBe('等待中');
    });
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '取消：课件.pptx' }));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(within(row).getByRole('status').textContent).toBe('已取消');
    });
    expect(within(row).getByRole('button', { name: '移除：课件.pptx' })).toBeTruthy();
  });

  it('asks for the file again after a reload, and refuses another file', async () => {
    const store = createIndexedDbQueueStore('ui-test', new IDBFactory());
    await store.put({
      id: 'kept-1',
      owner: 'u1',
      name: 'lesson.mp4',
      size: 10,
      type: 'video/mp4',
      lastModified: 1,
      relativePath: '',
      md5: null,
      serverId: 'base',
      chunkSize: 2 * 1024 * 1024,
      fileUpload: null,
      createdAt: 1,
    });
    const queue = new UploadQueue({ online: offline, store, owner: 'u1' });
    await queue.restore();
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <UploadList queue={queue} />
      </I18nextProvider>,
    );
    const row = screen.getByRole('row', { name: /lesson\.mp4/ });
    expect(within(row).getByRole('status').textContent).toBe('Select this file again to continue');
    const input = row.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no input');
    // The check of a selected file is asynchronous: wait for its outcome, not one microtask.
    fireEvent.change(input, { target: { files: [new File(['12345'], 'lesson.mp4')] } });
    await waitFor(() => {
      expect(toasts.map((toast) => toast.description)).toEqual([
        'The selected file is not the original one (name or size differs)',
      ]);
    });
    fireEvent.change(input, { target: { files: [new File(['0123456789'], 'lesson.mp4')] } });
    await waitFor(() => {
      expect(queue.get('kept-1')?.state).toBe('queued');
    });
  });
});

describe('table export and downloads', () => {
  it("warns 'alert 请指定需要下载的表格' without a table and sends nothing", () => {
    const loading: boolean[] = [];
    expect(exportTable(t, { title: 'x', table: null, onLoading: (on) => loading.push(on) })).toBe(
      false,
    );
    expect(exportTable(t, { table: document.createElement('div') })).toBe(false);
    expect(toasts.map((toast) => toast.description)).toEqual([
      'alert 请指定需要下载的表格',
      'alert 请指定需要下载的表格',
    ]);
    expect(loading).toEqual([]);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('posts the title and the table HTML with Sy-Language, without skipped cells', async () => {
    document.body.innerHTML = `<div id="t"><table><tr><th>名</th><th data-export="skip">操作</th></tr>
      <tr><td>a</td><td data-export="skip"><button>下载</button></td></tr></table></div>`;
    const holder = document.getElementById('t');
    expect(tableHtml(holder)).toBe(
      '<table><tbody><tr><th>名</th></tr>\n      <tr><td>a</td></tr></tbody></table>',
    );
    const loading: boolean[] = [];
    await i18n.changeLanguage('zh-HK');
    // The 500 ms and 800 ms of spec §9 on a clock the test moves: no timing on a busy machine.
    vi.useFakeTimers();
    expect(
      exportTable(t, { title: '清单', table: holder, onLoading: (on) => loading.push(on) }),
    ).toBe(true);
    const form = document.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(`${STORAGE_API.tableExport}?Sy-Language=zh-HK`);
    expect(form?.target).toBe(DOWNLOAD_FRAME_NAME);
    const fields = Object.fromEntries(
      [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.name, input.value]),
    );
    expect(fields.title).toBe('清单');
    expect(fields.data).toContain('<td>a</td>');
    expect(loading).toEqual([true]);
    // The form goes after 500 ms, the loading state after 800 ms (spec §9).
    vi.advanceTimersByTime(499);
    expect(document.querySelector('form')).not.toBeNull();
    vi.advanceTimersByTime(101);
    expect(document.querySelector('form')).toBeNull();
    expect(loading).toEqual([true]);
    vi.advanceTimersByTime(200);
    expect(loading).toEqual([true, false]);
    vi.useRealTimers();
  });

  it('sends a GET download with every parameter as a field, Sy-Language included', () => {
    const form = downloadByForm({ url: `${STORAGE_API.download}?id=abc`, params: { inline: 1 } });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(STORAGE_API.download);
    const fields = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual({ id: 'abc', inline: '1', 'Sy-Language': 'zh-CN' });
  });
});

describe('format', () => {
  it('writes sizes and durations for people', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024 * 1024)).toBe('2.0 GB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('-');
  });
});
