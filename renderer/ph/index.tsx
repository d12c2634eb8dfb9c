import { createElement, type ReactNode } from 'react';
import * as React from 'react';
import type { LangType } from '../../contract/languages';
import { PH_VERSION } from '../core/env';
import { hashRoute, useHash } from '../core/hash-route';
import { http } from '../core/http/http';
import { currentLanguage, i18n } from '../core/i18n/instance';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { can, loadsPermissionTree, usePermissions } from '../core/permissions/permission-store';
import { fetchCurrentUser, useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { pageUploadQueue } from '../core/upload/page-queue';
import { fetchResourceTree } from '../features/menu/api';
import { Access } from '../ui/access/access';
import { NotFound } from '../ui/access/not-found';
import { RouteOutlet } from '../ui/access/route-outlet';
import { renderLayer, startLayer } from '../ui/app-provider/start-layer';
import { FaceWidget } from '../ui/face/face-widget';
import { notify } from '../ui/notify/notify';
import { downloadByForm } from '../ui/upload/download';
import { ImageUpload } from '../ui/upload/image-upload';
import { exportTable } from '../ui/upload/table-export';
import { UploadButton } from '../ui/upload/upload-button';
import { UploadList } from '../ui/upload/upload-list';
import { UploadPanel } from '../ui/upload/upload-panel';
import { phZhCN } from './builtin';

/** What a platform application tells PH about itself (spec: the shared layer "PH"). */
export interface PhConfig {
  /** The module code: its language files live under /{root}/{code}/lang/ (spec §7). */
  code: string;
  /** The application code sent in the app-code header. */
  appCode: string;
  /** The menu resource tree to read permission codes from (spec §6); the code by default. */
  resourcePath?: string;
  /** A language to use instead of the resolved one (spec §9 resolution order: the argument). */
  lang?: LangType;
}

export interface PhContext {
  user: CurrentUser | null;
  lang: string;
}

/**
 * Signs the application into the shared layer: the request client's headers and toasts, the
 * language (spec §9) with the shared and module language files, the current user (spec §4) and,
 * for user types 2 and 4, the permission codes of the application's menu tree (spec §6).
 */
async function init(config: PhConfig): Promise<PhContext> {
  const lang = resolveLanguage(
    readLanguageContext(window.location, undefined, config.lang ?? null),
  );
  await startLayer({ code: config.code, appCode: config.appCode, lang, builtin: phZhCN });
  const user = await fetchCurrentUser();
  if (user && loadsPermissionTree(user.userType)) {
    try {
      usePermissions
        .getState()
        .setTree(await fetchResourceTree(config.resourcePath ?? config.code));
    } catch {
      // No tree: nothing is permitted beyond the always-allowed paths.
      usePermissions.getState().setTree([]);
    }
  }
  return { user, lang: currentLanguage() };
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
  ui: {
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
  hooks: { usePermissions, useSession, useHash },
  route: { hashRoute },
  upload: { pageQueue: pageUploadQueue },
};

export type PhApi = typeof PH;
export default PH;
