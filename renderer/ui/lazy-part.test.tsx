// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog, lazyWidget } from './lazy-part';

function Dialog({ open, title }: { open: boolean; title: string }) {
  return <div role="dialog" aria-label={title} hidden={!open} />;
}

function Badge({ text }: { text: string }) {
  return <span>{text}</span>;
}

afterEach(cleanup);

describe("PH's widgets loaded when first drawn", () => {
  it('draws a widget with its props once its chunk has loaded', async () => {
    const load = vi.fn(() => Promise.resolve(Badge));
    const LazyBadge = lazyWidget(load);
    render(<LazyBadge text="ready" />);
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a dialog only when first opened, and keeps it mounted once closed', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const LazyDialog = lazyDialog(load);
    const view = render(<LazyDialog open={false} title="detail" />);
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    expect(view.container.innerHTML).toBe('');

    view.rerender(<LazyDialog open title="detail" />);
    const dialog = await screen.findByRole('dialog', { name: 'detail' });
    expect(load).toHaveBeenCalledTimes(1);

    view.rerender(<LazyDialog open={false} title="detail" />);
    expect(dialog.isConnected).toBe(true);
    expect(dialog.hidden).toBe(true);
  });
});

describe('a part whose chunk cannot be fetched', () => {
  it('fails in place with the network error, and Retry loads it again', async () => {
    const load = vi
      .fn<() => Promise<typeof Badge>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Badge);
    // React reports the failure its boundary caught.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const LazyBadge = lazyWidget(load);
    render(
      <main>
        <h1>page</h1>
        <LazyBadge text="ready" />
      </main>,
    );
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('core.http.networkError');
    // The page around it stays.
    expect(screen.getByRole('heading', { name: 'page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'core.partFailed.retry' }));
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });

  it('says a part that throws could not be shown, without blanking the page', async () => {
    function Broken(): never {
      throw new Error('broken');
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const LazyBroken = lazyWidget(() => Promise.resolve(Broken));
    render(
      <main>
        <h1>page</h1>
        <LazyBroken />
      </main>,
    );
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('core.partFailed.text');
    expect(screen.getByRole('heading', { name: 'page' })).toBeTruthy();
    quiet.mockRestore();
  });
});
