// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
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
