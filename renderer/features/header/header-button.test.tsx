// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderButton } from './header-button';

afterEach(() => {
  cleanup();
});

/** Whether the tooltip named `text` is shown (antd keeps a closed one in the page, hidden). */
function tooltipShown(text: string): boolean {
  const tip = [...document.querySelectorAll('.ant-tooltip')].find(
    (element) => element.textContent === text,
  );
  return tip !== undefined && !tip.classList.contains('ant-tooltip-hidden');
}

/** What a browser fires when a pointer of `type` comes over the button and presses it. */
function pointAndPress(button: HTMLElement, pointerType: 'mouse' | 'touch'): void {
  fireEvent.pointerEnter(button, { pointerType });
  fireEvent.pointerDown(button, { pointerType });
  // A tap sends the compatibility mouse events too: the tooltip hears a hover.
  fireEvent.mouseEnter(button);
  fireEvent.click(button);
}

describe('HeaderButton tooltip', () => {
  it('shows on a mouse hover and closes when the button is clicked', async () => {
    const onClick = vi.fn();
    render(<HeaderButton label="Messages" icon={null} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Messages' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.mouseEnter(button);
    await waitFor(() => {
      expect(tooltipShown('Messages')).toBe(true);
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(tooltipShown('Messages')).toBe(false);
    });
  });

  it('never shows on a tap, so it cannot stay over the sheet the tap opened', async () => {
    const onClick = vi.fn();
    render(<HeaderButton label="Messages" icon={null} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Messages' });
    pointAndPress(button, 'touch');
    expect(onClick).toHaveBeenCalledOnce();
    // Longer than the tooltip's 0.1 s hover delay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(tooltipShown('Messages')).toBe(false);
  });
});
