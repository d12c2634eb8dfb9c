import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as AntdModule from 'antd';
import type * as ReactModule from 'react';
import type { Plugin } from 'vite';
import { LANDING_PAGE_MODULES, LOGIN_PAGE_MODULE } from './landing-pages.ts';

/**
 * antd's styles as a stylesheet built with the page, instead of generated in the browser.
 *
 * antd 6 generates each component's CSS at run time the first time the component renders: on an
 * old school PC that is tens of milliseconds per component, in the middle of the page's first
 * render. With `theme.zeroRuntime` antd skips that and expects
 * the CSS to be there; this plugin extracts it at build time with antd's own extractor
 * (@ant-design/static-style-extract, the tool behind `antd/dist/antd.css`) for only the
 * components the renderer imports, plus those they draw inside themselves.
 *
 * The theme still works: the extracted rules read antd's CSS variables (`var(--ant-color-primary)`),
 * which antd keeps declaring at run time from the ConfigProvider's tokens.
 *
 * `import 'virtual:antd-static.css'` gives the stylesheet; `enableStaticAntdStyles()`
 * (renderer/ui/app-provider/static-styles.ts) tells the app provider to turn the runtime off.
 */

/** Components antd draws inside the ones we import: their styles must be there too. */
const DRAWN_INSIDE: Readonly<Record<string, readonly string[]>> = {
  Alert: ['Button'],
  ColorPicker: ['Popover', 'Input', 'InputNumber', 'Select', 'Slider', 'Segmented', 'Divider'],
  Descriptions: [],
  Drawer: ['Button'],
  Dropdown: ['Menu', 'Button', 'Tooltip'],
  Form: ['Row', 'Col', 'Tooltip'],
  Input: ['Button', 'Space'],
  Modal: ['Button', 'Space'],
  Pagination: ['Select', 'Input'],
  Result: [],
  Select: ['Empty'],
  Table: [
    'Pagination',
    'Spin',
    'Empty',
    'Checkbox',
    'Radio',
    'Dropdown',
    'Tooltip',
    'Menu',
    'Button',
    'Input',
  ],
  Tree: ['Checkbox'],
  Typography: ['Tooltip', 'Input', 'Button'],
  Upload: ['Progress', 'Tooltip', 'Button'],
  notification: ['Button'],
};

/** Not components: nothing to extract. */
const NOT_COMPONENTS = new Set(['ConfigProvider', 'theme', 'version', 'App']);

/** The renderer's sources (tests excluded). */
function rendererSources(rendererDir: string): string[] {
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        sources.push(readFileSync(file, 'utf8'));
      }
    }
  };
  walk(rendererDir);
  return sources;
}

/** The names imported from 'antd' by the sources. */
export function importedAntdNames(sources: readonly string[]): string[] {
  return [...new Set(sources.flatMap(antdNamesIn))].sort();
}

/** The components to extract: those imported and those they draw, transitively. */
export function componentsToExtract(imported: readonly string[]): string[] {
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (NOT_COMPONENTS.has(name) || wanted.has(name)) return;
    wanted.add(name);
    for (const inner of DRAWN_INSIDE[name] ?? []) add(inner);
  };
  imported.forEach(add);
  return [...wanted].sort();
}

/**
 * The components the login page may draw (its chunk and everything it loads lazily): their
 * styles come with every page (main.tsx). Every other component's styles come with the pages
 * that are not the login page, so the login page's stylesheet stays small. The build checks
 * the login page's modules against this list.
 */
export const LOGIN_COMPONENTS: readonly string[] = [
  'Alert',
  'Button',
  'Checkbox',
  'Empty',
  'Form',
  'Input',
  'Modal',
  'Result',
  'Space',
  'Spin',
  'Tooltip',
  'notification',
];

/**
 * What the desktops draw beyond the login set (their chunks and the dialogs and panels they
 * load lazily), but for the few lazy modules that import the app set themselves (a Table's
 * pickers): their styles come with the desktop pages, so the desktop's first style pass reads
 * about a quarter of the app set. The build checks the desktops'
 * modules against LOGIN_COMPONENTS and this list.
 */
export const DESKTOP_COMPONENTS: readonly string[] = [
  'Badge',
  'Descriptions',
  'Drawer',
  'Dropdown',
  'Radio',
];

/** A module that brings the app set with it: its own modules may draw any component. */
export const APP_SET_IMPORT = "import 'virtual:antd-static/app.css';";

/** A selector of the 24-column grid's numbered classes (.ant-col-8, .ant-col-md-offset-2, …). */
const NUMBERED_COLUMN =
  /^\.ant-col-(?:(?:xs|sm|md|lg|xl|xxl)-)?(?:(?:push|pull|offset|order)-)?\d+\b/;

/**
 * Drops the rules of the grid's numbered column classes (about 54 KB): antd's Form lays its
 * items out in a row and columns, but only labelCol / wrapperCol spans or a Col of our own would
 * use the numbered ones (`usesNumberedColumns`).
 */
export function withoutNumberedColumns(css: string): string {
  return css.replace(/([^{}]+)\{[^{}]*\}/g, (rule, selectors: string) =>
    selectors
      .split(',')
      .every((selector) => NUMBERED_COLUMN.test(selector.trim().replace(/^.*\s/, '')))
      ? ''
      : rule,
  );
}

/** Whether a renderer source spans grid columns (Col, or a Form's labelCol / wrapperCol). */
export function usesNumberedColumns(sources: readonly string[]): boolean {
  return sources.some(
    (source) => /\b(?:labelCol|wrapperCol)\b/.test(source) || antdNamesIn(source).includes('Col'),
  );
}

/** The antd names one source file imports. */
function antdNamesIn(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

/** The page's cascade layers, lowest first (styles.css declares the same order). */
const LAYER_ORDER = '@layer reset, antd;';

const SETS = {
  'virtual:antd-static/login.css': 'login',
  'virtual:antd-static/desktop.css': 'desktop',
  'virtual:antd-static/app.css': 'app',
} as const;
export type SetName = (typeof SETS)[keyof typeof SETS];

/** The components of one set; the sets do not overlap. */
export function setComponents(set: SetName, imported: readonly string[]): string[] {
  const login = componentsToExtract(LOGIN_COMPONENTS);
  if (set === 'login') return login;
  const desktop = componentsToExtract(DESKTOP_COMPONENTS).filter((name) => !login.includes(name));
  if (set === 'desktop') return desktop;
  return componentsToExtract(imported).filter(
    (name) => !login.includes(name) && !desktop.includes(name),
  );
}

/**
 * The stylesheet of one set: 'login' has the components the login page draws, 'desktop' those
 * the desktops add, 'app' every other component the renderer imports. Each rule is antd's own, for antd's default tokens through CSS
 * variables, in the cascade layer `antd`.
 */
export function antdStylesheet(set: SetName, rendererDir: string): string {
  const require = createRequire(import.meta.url);
  const { extractStyle } = require('@ant-design/static-style-extract') as {
    extractStyle: (options: {
      includes: string[];
      customTheme: (node: unknown) => unknown;
    }) => string;
  };
  const React = require('react') as typeof ReactModule;
  const { ConfigProvider } = require('antd') as typeof AntdModule;
  const sources = rendererSources(rendererDir);
  const includes = setComponents(set, importedAntdNames(sources));
  // Unhashed selectors (.ant-btn), as in antd/dist/antd.css: they match whatever hash the
  // browser's ConfigProvider gives its components.
  const css = extractStyle({
    includes,
    customTheme: (node) =>
      React.createElement(
        ConfigProvider,
        { theme: { hashed: false } },
        node as ReactModule.ReactNode,
      ),
  });
  // In the cascade layer `antd`, between the page's resets and its own rules (styles.css): the
  // page's rules win over antd's whatever order the stylesheets arrive in (the other pages' set
  // comes with their chunk, after styles.css), as they did over antd's runtime styles.
  const kept = usesNumberedColumns(sources) ? css : withoutNumberedColumns(css);
  return `${LAYER_ORDER}\n@layer antd {\n${kept}\n}\n`;
}

/**
 * The components that the renderer modules reachable from `starts` (statically or lazily) draw
 * outside `allowed`, as "Name (module)"; a module that imports the app set itself is not followed
 * (its chunk brings every component's styles).
 */
export function drawnOutside(
  starts: readonly string[],
  allowed: ReadonlySet<string>,
  rendererDir: string,
  importsOf: (id: string) => readonly string[],
  read: (id: string) => string = (id) => readFileSync(id, 'utf8'),
): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  const missing = new Set<string>();
  while (queue.length > 0) {
    const id = queue.pop() ?? '';
    if (seen.has(id) || !id.startsWith(rendererDir) || !/\.tsx?$/.test(id)) continue;
    seen.add(id);
    const source = read(id);
    if (source.includes(APP_SET_IMPORT)) continue;
    queue.push(...importsOf(id));
    for (const used of antdNamesIn(source)) {
      if (!NOT_COMPONENTS.has(used) && !allowed.has(used)) {
        missing.add(`${used} (${path.relative(rendererDir, id)})`);
      }
    }
  }
  return missing;
}

export function antdStaticStylesPlugin({ rendererDir }: { rendererDir: string }): Plugin {
  const cache = new Map<SetName, string>();
  const extract = (set: SetName): string => {
    const css = cache.get(set) ?? antdStylesheet(set, rendererDir);
    cache.set(set, css);
    return css;
  };
  return {
    name: 'edudesk-antd-static-styles',
    resolveId(id) {
      return id in SETS ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:antd-static/')) return null;
      return extract(SETS[id.slice(1) as keyof typeof SETS]);
    },
    generateBundle() {
      const moduleIds = [...this.getModuleIds()];
      // A page's module, by its path under renderer/.
      const pageModule = (file: string) =>
        moduleIds.find((id) => id.endsWith(path.normalize(file)));
      const check = (pages: readonly string[], allowedList: readonly string[], where: string) => {
        const starts = pages.map(pageModule).filter((id) => id !== undefined);
        const allowed = new Set(allowedList);
        const missing = [
          ...drawnOutside(starts, allowed, rendererDir, (id) => {
            const info = this.getModuleInfo(id);
            return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : [];
          }),
        ];
        if (missing.length > 0) {
          this.error(
            `${where} draws antd components whose styles it does not load: ${missing.join(', ')}. Add them to the list in scripts/vite/antd-static-styles.ts, or import the app set in the module (${APP_SET_IMPORT}).`,
          );
        }
      };
      // The login page's modules and those it loads lazily may only use the login set; the
      // desktops' the login and the desktop sets.
      const login = setComponents('login', []);
      check([LOGIN_PAGE_MODULE], login, 'The login page');
      check(
        Object.values(LANDING_PAGE_MODULES),
        [...login, ...setComponents('desktop', [])],
        'A desktop page',
      );
    },
  };
}
