/**
 * PH, the platform's shared layer, loaded at run time from the URL the page names on the
 * application's root (`data-ph`), as any platform application loads it. Every module of the
 * application takes PH, and through it React and antd, from here: only PH's types are imported,
 * so nothing of PH, React or antd is bundled. The load is a top-level await, so a module that
 * imports PH may use it as soon as it runs.
 */
import type { PhApi } from '../../ph/index';

export type { PhContext } from '../../ph/index';

/** What a component renders: a node of PH's React. */
export type Node = Parameters<PhApi['mount']>[1];

async function load(): Promise<{ root: HTMLElement; PH: PhApi }> {
  // The root of the page of every application of the web build (server/apps/bundle-page-html.ts).
  const root = document.getElementById('app-root');
  const url = root?.dataset.ph;
  // A page without the root or PH's URL shows nothing: the application stops here.
  if (!root || !url) return new Promise(() => undefined);
  const module = (await import(/* @vite-ignore */ url)) as { default: PhApi };
  return { root, PH: module.default };
}

export const { root, PH } = await load();

/** PH's React hooks and antd components, for the components to import like React's and antd's. */
export const { useCallback, useMemo, useRef, useState } = PH.React;
export const {
  Button,
  Card,
  Flex,
  Form,
  Input,
  List,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} = PH.antd;
