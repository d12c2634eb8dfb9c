import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { LangType } from '../../../contract/languages';
import { CONFIGURED_ROOT, isDev, PH_VERSION } from '../../core/env';
import { configureHttp } from '../../core/http/hooks';
import type { Dictionary } from '../../core/i18n/instance';
import { currentLanguage, i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { rootFolder } from '../../core/i18n/root-folder';
import { TRADITIONAL_LANGUAGE, waitForTraditional } from '../../core/i18n/traditional';
import { notify } from '../notify/notify';
import { loadAntdLocale } from './antd-locale';
import { AppProvider } from './app-provider';

export interface LayerStart {
  /** The module code: its language files live under /{root}/{code}/lang/ (spec §7). */
  code: string;
  /** The application code of the app-code header and the module language file's name. */
  appCode: string;
  /** The resolved language (spec §9). */
  lang: LangType;
  /** The built-in zh-CN dictionary of the bundle. */
  builtin: Dictionary;
  /** What a 401 that no refresh cured does (the login dialog); nothing when not given. */
  onReloginRequired?: () => void;
}

/**
 * Starts the shared layer for a shell page or a platform application: the one request client
 * gets its toasts, language and app-code header, and i18next the language with the shared and
 * the module's language files (antd's texts for the language alongside).
 */
export async function startLayer({
  code,
  appCode,
  lang,
  builtin,
  onReloginRequired,
}: LayerStart): Promise<void> {
  configureHttp({
    notify: (type, message, title) => {
      notify[type](message, title);
    },
    ...(onReloginRequired ? { onReloginRequired } : {}),
    getLanguage: currentLanguage,
    getAppCode: () => appCode,
  });
  // antd's texts arrive with the language's own, so the first render shows both; in zh-HK the
  // converter of server texts too (core/i18n/traditional.ts), so none shows in Simplified first.
  const antdLocale = loadAntdLocale(lang).catch(() => undefined);
  const traditional = lang === TRADITIONAL_LANGUAGE ? waitForTraditional() : undefined;
  await initI18n({
    lang,
    builtin,
    files: {
      phVersion: PH_VERSION,
      root: rootFolder({
        pathname: window.location.pathname,
        configuredRoot: CONFIGURED_ROOT,
        isDev,
        code,
      }),
      code,
      appCode,
    },
  });
  await antdLocale;
  await traditional;
}

/**
 * Renders a node with the layer's providers: strict mode, the language, the theme, toasts.
 * `sliced`: the first render is a transition, which React renders in slices of a few
 * milliseconds, yielding to the browser between them, rather than in one long task (blocking
 * time on slow machines, docs/performance.md); the page then commits it in one go as before.
 */
export function renderLayer(container: Element, node: ReactNode, sliced = false): Root {
  const root = createRoot(container);
  renderInLayer(root, node, sliced);
  return root;
}

/**
 * Renders another node in a root made by renderLayer: the providers stay mounted (their set-up,
 * antd's theme tokens among it, is not redone), only the node under them changes.
 */
export function renderInLayer(root: Root, node: ReactNode, sliced = false): void {
  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProvider>{node}</AppProvider>
      </I18nextProvider>
    </StrictMode>
  );
  if (sliced) {
    startTransition(() => {
      root.render(tree);
    });
  } else {
    root.render(tree);
  }
}
