// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderButton } from '../../features/header/index';
import { HOVER_TIP_DELAY_MS, placeHoverTip } from './hover-tip';

afterEach(() => {
  cleanup();
});

/** The tip shown, if any. */
function tip(): HTMLElement | null {
  return screen.queryByRole('tooltip');
}

/** What a browser fires when a pointer of `type` comes over the button and presses it. */
function pointAndPress(button: HTMLElement, pointerType: 'mouse' | 'touch'): void {
  fireEvent.pointerEnter(button, { pointerType });
  fireEvent.pointerDown(button, { pointerType });
  // A tap sends the compatibility mouse events too.
  fireEvent.mouseEnter(button);
  fireEvent.click(button);
}

/** Longer than the hover delay. */
function afterDelay(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, HOVER_TIP_DELAY_MS * 4)));
}

/** A mouse comes to rest on the button; resolves once its tip shows. */
async function restMouseOn(button: HTMLElement): Promise<void> {
  fireEvent.pointerEnter(button, { pointerType: 'mouse' });
  await waitFor(() => {
    expect(tip()).not.toBeNull();
  });
}

/** The header button, rendered, and its click handler. */
function renderButton() {
  const onClick = vi.fn();
  render(<HeaderButton label="Messages" icon={null} onClick={onClick} />);
  return { button: screen.getByRole('button', { name: 'Messages' }), onClick };
}

describe('HoverTip (the header buttons)', () => {
  it('shows after a mouse rests on the button, and goes when the mouse leaves', async () => {
    const { button } = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    // Not at once: a pointer passing over the header shows nothing.
    expect(tip()).toBeNull();
    await waitFor(() => {
      expect(tip()?.textContent).toBe('Messages');
    });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    expect(tip()).toBeNull();
  });

  it('closes when the button is clicked, and on Esc', async () => {
    const { button, onClick } = renderButton();
    await restMouseOn(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(tip()).toBeNull();
    await restMouseOn(button);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(tip()).toBeNull();
  });

  it('never shows on a tap, so it cannot stay over the sheet the tap opened', async () => {
    const { button, onClick } = renderButton();
    pointAndPress(button, 'touch');
    expect(onClick).toHaveBeenCalledOnce();
    await afterDelay();
    expect(tip()).toBeNull();
  });

  it('a press before the delay is over cancels the tip', async () => {
    const { button } = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    await afterDelay();
    expect(tip()).toBeNull();
  });
});

describe('HoverTip (the keyboard)', () => {
  it('shows when the keyboard brings the focus, names the tip, and goes with the focus', async () => {
    const { button } = renderButton();
    const keyboardFocus = vi.spyOn(HTMLElement.prototype, 'matches').mockImplementation(function (
      this: HTMLElement,
      selector: string,
    ) {
      return selector === ':focus-visible' && this === button;
    });
    fireEvent.focus(button);
    await waitFor(() => {
      expect(tip()?.textContent).toBe('Messages');
    });
    expect(button.getAttribute('aria-describedby')).toBe(tip()?.id);
    fireEvent.blur(button);
    expect(tip()).toBeNull();
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    keyboardFocus.mockRestore();
  });

  it('a focus a click gave shows nothing', async () => {
    const { button } = renderButton();
    fireEvent.focus(button);
    await afterDelay();
    expect(tip()).toBeNull();
  });
});

describe('placeHoverTip', () => {
  const at = (left: number, width = 32) => ({
    left,
    right: left + width,
    top: 16,
    bottom: 48,
    width,
    height: 32,
  });

  it('puts the tip below the control, lined up with its edge nearer the screen’s side', () => {
    expect(placeHoverTip(at(10), 1280)).toEqual({ side: 'start', top: 56, left: 10, arrow: 16 });
    expect(placeHoverTip(at(1230), 1280)).toEqual({ side: 'end', top: 56, right: 18, arrow: 16 });
    // The middle of the control decides.
    expect(placeHoverTip(at(620, 40), 1280).left).toBe(620);
    expect(placeHoverTip(at(621, 40), 1280).right).toBe(619);
  });

  it('right of the control: past its right edge, centred on its middle', () => {
    expect(placeHoverTip(at(14), 1280, 'right')).toEqual({
      side: 'right',
      top: 32,
      left: 54,
      arrow: 0,
    });
  });
});
