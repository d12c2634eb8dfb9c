/**
 * PH, the platform's shared layer, loaded at run time from the URL the page names on the
 * application's root (`data-ph`): only PH's types are imported, so nothing of PH, React or antd
 * is bundled (docs/ph.md). The load is a top-level await: a module importing PH may use it at once.
 */
import type { PhApi } from '../../ph/index';

export type { PhContext } from '../../ph/index';

async function load(): Promise<{ root: HTMLElement; PH: PhApi }> {
  const root = document.getElementById('app-root');
  const url = root?.dataset.ph;
  // A page without the root or PH's URL shows nothing: the application stops here.
  if (!root || !url) return new Promise(() => undefined);
  const module = (await import(/* @vite-ignore */ url)) as { default: PhApi };
  return { root, PH: module.default };
}

export const { root, PH } = await load();

/** PH's React hooks and antd components, imported like React's and antd's. */
export const { useMemo, useRef, useState } = PH.React;
export const { Button, Input, Space, Typography } = PH.antd;
