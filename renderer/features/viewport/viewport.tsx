import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { viewportManifestPath } from '../../../contract/api-paths';
import { VIEWPORT_FILE_ATTRIBUTE } from '../../../contract/desktop-codes';
import { http } from '../../core/http/http';
import { isSafeModuleName, moduleAssets } from './manifest';

export interface ViewportProps {
  app: string;
  fileId: string;
}

type State = 'loading' | 'ready' | 'failed';

/**
 * The viewport (spec §2): loads a module's script and style (from its manifest) into a container;
 * each loaded file is kept, only the current one is shown, and the container is removed when the
 * viewport goes away. The loaded script renders into the element marked with its fileId
 * (VIEWPORT_FILE_ATTRIBUTE).
 */
export function Viewport({ app, fileId }: ViewportProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const loaded = useRef(new Map<string, HTMLElement>());
  const mounted = useRef(true);
  // Each module's load state, kept like the modules themselves.
  const [states, setStates] = useState<Readonly<Record<string, State>>>({});
  const valid = isSafeModuleName(app) && isSafeModuleName(fileId);
  const state: State = valid ? (states[fileId] ?? 'loading') : 'failed';

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !valid) return;
    for (const [id, element] of loaded.current) element.hidden = id !== fileId;
    if (loaded.current.has(fileId)) return;
    let active = true;
    // A module's state is kept even when the user moved on to another one meanwhile.
    const setState = (next: State) => {
      if (mounted.current) setStates((previous) => ({ ...previous, [fileId]: next }));
    };
    http
      .getRaw(viewportManifestPath(app), { noIntercept: true })
      .then((manifest) => {
        if (!active) return;
        const assets = moduleAssets(manifest, fileId, window.location.origin);
        if (assets.script === null) {
          setState('failed');
          return;
        }
        const holder = document.createElement('div');
        holder.className = 'viewport__module';
        const mount = document.createElement('div');
        mount.id = fileId;
        mount.setAttribute(VIEWPORT_FILE_ATTRIBUTE, fileId);
        holder.append(mount);
        if (assets.style !== null) {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = assets.style;
          holder.append(link);
        }
        const script = document.createElement('script');
        script.src = assets.script;
        script.onload = () => {
          setState('ready');
        };
        script.onerror = () => {
          setState('failed');
        };
        holder.append(script);
        container.append(holder);
        loaded.current.set(fileId, holder);
      })
      .catch(() => {
        setState('failed');
      });
    return () => {
      active = false;
    };
  }, [app, fileId, valid]);

  useEffect(() => {
    mounted.current = true;
    const modules = loaded.current;
    return () => {
      mounted.current = false;
      // Leaving the viewport removes every loaded module with its container.
      for (const element of modules.values()) element.remove();
      modules.clear();
    };
  }, []);

  return (
    <div className="viewport">
      {state === 'loading' && (
        <div className="viewport__loading" role="status">
          <Spin />
          <span className="visually-hidden">{t('viewport.loading')}</span>
        </div>
      )}
      {state === 'failed' && <Result status="warning" title={t('viewport.failed')} />}
      <div ref={containerRef} className="viewport__container" />
    </div>
  );
}
