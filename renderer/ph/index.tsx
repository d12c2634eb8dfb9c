import { createElement, type ReactNode } from 'react';
import * as React from 'react';
import { isLangType, type LangType, type LanguageOption } from '../../contract/languages';
import { PH_VERSION } from '../core/env';
import { hashRoute, useHash } from '../core/hash-route';
import { http } from '../core/http/http';
import { currentLanguage, i18n } from '../core/i18n/instance';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { LANGUAGE_LIST_ERROR } from '../core/i18n/language-list';
import { serverText, useServerText } from '../core/i18n/traditional';
import { readPageQuery, type PageQuery } from '../core/page-query';
import { filterRoutes } from '../core/permissions/code-keys';
import { can, loadsPermissionTree, usePermissions } from '../core/permissions/permission-store';
import { readSession, SESSION_KEYS } from '../core/storage-keys';
import { queryCache } from '../core/query/query-cache';
import type { ResolvedTheme } from '../core/theme/theme-engine';
import { useTheme } from '../core/theme/theme-store';
import { DEFAULT_THEME_PATH, themeStylesheetHref } from '../core/theme/theme-stylesheet';
import uiFonts from '../core/theme/fonts.css?inline';
import phPageStyles from './ph-page.css?inline';
import notFoundStyles from '../ui/access/not-found.css?inline';
import { loginUrlFor } from './login-redirect';
import { fetchCurrentUser, useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { pageUploadQueue } from '../core/upload/page-queue';
import { resourceTreeQuery } from '../features/menu/index';
import { Access } from '../ui/access/access';
import { NotFound } from '../ui/access/not-found';
import { RouteOutlet } from '../ui/access/route-outlet';
import { renderLayer, startLayer } from '../ui/app-provider/start-layer';
import type { FaceWidget as FaceWidgetWidget } from '../ui/face/face-widget';
import { notify } from '../ui/notify/notify';
import { downloadByForm } from '../ui/upload/download';
import type { ImageUpload as ImageUploadWidget } from '../ui/upload/image-upload';
import { exportTable } from '../ui/upload/table-export';
import type { UploadButton as UploadButtonWidget } from '../ui/upload/upload-button';
import type { UploadList as UploadListWidget } from '../ui/upload/upload-list';
import type { UploadPanel as UploadPanelWidget } from '../ui/upload/upload-panel';
import { phZhCN } from './builtin';
import * as antdParts from './antd-parts';
import { LanguageSwitcher } from '../features/language/index';
import { useTranslation } from 'react-i18next';
import { AppRouter } from './app-router';
import { assertGlobalPh, checkInitConfig, type PhInitConfig, type PhRoute } from './init-config';
import { format, kit, validators } from './kit';
import { lazyWidget } from '../ui/lazy-part';

export type { PhInitConfig, PhRoute } from './init-config';

// The upload widgets and the face widget load when first drawn (renderer/ui/lazy-part.tsx); the upload
// queue itself (PH.upload.pageQueue) is at hand at once.
const UploadButton = lazyWidget<typeof UploadButtonWidget>(
  async () => (await import('../ui/upload/upload-button')).UploadButton,
);
const UploadList = lazyWidget<typeof UploadListWidget>(
  async () => (await import('../ui/upload/upload-list')).UploadList,
);
const UploadPanel = lazyWidget<typeof UploadPanelWidget>(
  async () => (await import('../ui/upload/upload-panel')).UploadPanel,
);
const ImageUpload = lazyWidget<typeof ImageUploadWidget>(
  async () => (await import('../ui/upload/image-upload')).ImageUpload,
);
const FaceWidget = lazyWidget<typeof FaceWidgetWidget>(
  async () => (await import('../ui/face/face-widget')).FaceWidget,
);

/** Kept for applications written against the first PH: the init config of spec §3. */
export type PhConfig = PhInitConfig;

export interface PhContext {
  user: CurrentUser | null;
  lang: string;
  /** The languages to offer (spec §3; zh-HK is the picker's too). */
  langList: LanguageOption[];
  /** The query parameters of spec §2 (pagemodel, replaceThemeColor, paltformModel, redirectCode). */
  query: PageQuery;
  /** The routes the user may open: with routerType async, filtered by permission codes. */
  routes: PhRoute[];
  mobile: boolean;
}

function applyPageClasses(config: PhInitConfig, query: PageQuery): void {
  const root = document.documentElement;
  root.classList.toggle('ph-content-only', query.contentOnly);
  root.classList.toggle('ph-mobile', config.mobile === true);
  if (config.appName) document.title = config.appName;
}

/**
 * The interface's font stack (core/theme/fonts.css), which antd's components name through their
 * fontFamily token, and the styles of PH's own widgets (./ph-page.css: the language switcher and
 * its visually hidden label; ui/access/not-found.css: the catch-all page): the platform's own
 * pages have them from their stylesheets, an application's page from PH, whose build writes no
 * stylesheet (vite.ph.config.ts). First in the head, so that the application's own rules win.
 */
function addUiFonts(): void {
  if (document.querySelector('style[data-ph-fonts]')) return;
  const style = document.createElement('style');
  style.dataset.phFonts = '';
  style.textContent = `${uiFonts}\n${phPageStyles}\n${notFoundStyles}`;
  document.head.prepend(style);
}

/** The theme stylesheet of the common plugin CSS path follows the page's theme. */
function followThemeStylesheet(themePath: string): void {
  const apply = (resolved: ResolvedTheme) => {
    let link = document.querySelector<HTMLLinkElement>('link[data-ph-theme]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.dataset.phTheme = '';
      document.head.append(link);
    }
    const href = themeStylesheetHref(themePath, resolved);
    if (link.getAttribute('href') !== href) link.href = href;
  };
  apply(useTheme.getState().resolved);
  useTheme.subscribe((state, before) => {
    if (state.resolved !== before.resolved) apply(state.resolved);
  });
}

/**
 * Signs the application into the shared layer (spec §3 app init config, §5 init): checks the
 * config (code and appCode required, the language list an array, the global PH present); the
 * request client's headers and toasts; the language (spec §9) with the shared and module
 * language files; the theme (replaceThemeColor, the user's, the config's) and its stylesheet;
 * the current user (spec §4) unless islogin is false (a visitor without a session is sent to the
 * login page, coming back here afterwards, and init never settles) and, for user types 2 and 4, the
 * permission codes of the application's menu tree (spec §6), which filter async routes.
 */
async function init(config: PhInitConfig): Promise<PhContext> {
  assertGlobalPh(globalThis);
  let langList: LanguageOption[];
  try {
    ({ langList } = checkInitConfig(config));
  } catch (error) {
    if (error instanceof Error && error.message === LANGUAGE_LIST_ERROR) {
      notify.error(error.message);
    }
    throw error;
  }
  const query = readPageQuery(window.location);
  applyPageClasses(config, query);
  addUiFonts();
  const stored = readSession(SESSION_KEYS.theme);
  const theme = query.replaceThemeColor ?? stored ?? config.theme;
  if (theme) useTheme.getState().setTheme(theme);
  followThemeStylesheet(config.themePath ?? DEFAULT_THEME_PATH);

  const lang = resolveLanguage(
    readLanguageContext(
      window.location,
      undefined,
      config.lang !== undefined && isLangType(config.lang) ? config.lang : null,
    ),
  );
  await startLayer({ code: config.code, appCode: config.appCode, lang, builtin: phZhCN });
  let user: CurrentUser | null = null;
  if (config.islogin !== false) {
    user = await fetchCurrentUser();
    if (!user) {
      // No session: sign in first and come back here; the application's code after init never
      // runs without its user (it would draw a page that can load nothing).
      window.location.assign(loginUrlFor(window.location.href));
      return new Promise<never>(() => undefined);
    }
    if (loadsPermissionTree(user.userType)) {
      try {
        usePermissions
          .getState()
          .setTree(
            await queryCache.fetch(
              resourceTreeQuery(user.userId, config.resourcePath ?? config.code),
            ),
          );
      } catch {
        // No tree: nothing is permitted beyond the always-allowed paths.
        usePermissions.getState().setTree([]);
      }
    }
  }
  const permissions = usePermissions.getState();
  const routes = [...(config.router ?? [])];
  return {
    user,
    lang: currentLanguage(),
    langList,
    query,
    routes:
      config.routerType === 'async' && permissions.enforced
        ? filterRoutes(routes, permissions.codeKeys)
        : routes,
    mobile: config.mobile === true,
  };
}

/** The active language's translate function; the component re-renders when the language changes. */
function useT(): (key: string, options?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return (key, options) => t(key, options ?? {});
}

/** Renders a node with the shared layer's providers (language, theme, toasts); returns unmount. */
function mount(container: Element, node: ReactNode): () => void {
  const root = renderLayer(container, node);
  return () => {
    root.unmount();
  };
}

/**
 * The public surface of the shared layer for platform applications, served as an ES module at
 * /common/plugins/common-ph/{version}/ph.js. Applications use PH's own React (PH.React,
 * PH.createElement) so there is one React on the page.
 */
export const PH = {
  version: PH_VERSION,
  init,
  mount,
  request: http,
  notify,
  can: (code: string | readonly string[]) => can(usePermissions.getState(), code),
  React,
  createElement,
  /** The antd components applications build their pages with (PH's own copy: one React). */
  antd: antdParts,
  /** The layer's i18next: an application adds its own texts and translates with them. */
  i18n: {
    t: (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}),
    addTexts: (lang: LangType, texts: Record<string, unknown>) => {
      i18n.addResourceBundle(lang, 'translation', texts, true, true);
    },
    language: () => currentLanguage(),
    /**
     * A server text as the page shows it: the language's half of `中文|||English`, in zh-HK in
     * Traditional characters (docs/i18n.md); in components, `PH.hooks.useServerText()`.
     */
    serverText: (text: string): string => serverText(text, currentLanguage()),
  },
  ui: {
    ...kit,
    LanguageSwitcher,
    AppRouter,
    Access,
    RouteOutlet,
    NotFound,
    UploadButton,
    UploadList,
    UploadPanel,
    ImageUpload,
    FaceWidget,
    downloadByForm,
    exportTable: (options: Parameters<typeof exportTable>[1]) => exportTable(i18n.t, options),
  },
  validators,
  format,
  hooks: { usePermissions, useSession, useHash, useT, useServerText },
  route: { hashRoute },
  upload: { pageQueue: pageUploadQueue },
};

export type PhApi = typeof PH;

// Applications that load PH as a classic script (or a bundle of their own) find it as the
// global PH; init requires it (spec §5).
(globalThis as { PH?: PhApi }).PH ??= PH;

export default PH;
