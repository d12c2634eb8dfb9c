import { EventEmitter } from 'node:events';
import type { BrowserWindow } from 'electron';
import { describe, expect, it } from 'vitest';
import { clampZoomFactor, initialZoomFactor, rememberZoom, zoomToRemember } from './zoom';

describe('zoom decisions', () => {
  it('starts with the user’s zoom, else the policy’s, else 100 %', () => {
    expect(initialZoomFactor(1.1, 150)).toBe(1.1);
    expect(initialZoomFactor(undefined, 125)).toBe(1.25);
    expect(initialZoomFactor(undefined, null)).toBe(1);
  });

  it('keeps every zoom within 50–300 %', () => {
    expect(initialZoomFactor(undefined, 20)).toBe(0.5);
    expect(initialZoomFactor(undefined, 1000)).toBe(3);
    expect(initialZoomFactor(9, null)).toBe(3);
    expect(clampZoomFactor(Number.NaN)).toBe(1);
  });

  it('remembers a zoom the user chose, not the policy’s start value', () => {
    expect(zoomToRemember(1.25, 1.25, false)).toBeNull();
    expect(zoomToRemember(1.5, 1.25, false)).toBe(1.5);
    expect(zoomToRemember(1, 1, true)).toBe(1);
    expect(zoomToRemember(1.2345, 1, false)).toBe(1.23);
  });
});

class FakeWindow extends EventEmitter {
  zoom = 1;
  webContents = Object.assign(new EventEmitter(), {
    setZoomFactor: (factor: number) => {
      this.zoom = factor;
    },
    getZoomFactor: () => this.zoom,
  });
}

describe('rememberZoom (main window)', () => {
  function open(saved: number | undefined, policyPercent: number | null) {
    const window = new FakeWindow();
    const saves: number[] = [];
    rememberZoom(window as unknown as BrowserWindow, {
      saved,
      policyPercent,
      save: (factor) => saves.push(factor),
    });
    window.webContents.emit('did-finish-load');
    return { window, saves };
  }

  it('applies the policy zoom on load and saves the user’s change on close', () => {
    const { window, saves } = open(undefined, 125);
    expect(window.zoom).toBe(1.25);
    window.zoom = 1.5;
    window.emit('close');
    expect(saves).toEqual([1.5]);
  });

  it('does not save an untouched policy zoom, and applies a saved zoom once', () => {
    const { window, saves } = open(undefined, 150);
    window.emit('close');
    expect(saves).toEqual([]);

    const again = open(0.9, 150);
    expect(again.window.zoom).toBe(0.9);
    again.window.zoom = 1.1;
    again.window.webContents.emit('did-finish-load');
    expect(again.window.zoom).toBe(1.1);
  });
});
