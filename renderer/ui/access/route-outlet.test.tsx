// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { usePermissions } from '../../core/permissions/permission-store';
import { builtinZhCN } from '../../pages/builtin-locale';
import { RouteOutlet, type OutletRoute } from './route-outlet';

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN });
});
afterEach(() => {
  cleanup();
  usePermissions.getState().reset();
});

/** Counts its renders. */
function Page({ name, renders }: { name: string; renders: string[] }) {
  renders.push(name);
  return <p>{name}</p>;
}

function outlet(path: string, renders: string[], commits: string[] = []) {
  const routes: OutletRoute[] = [
    { path: '/', element: <Page name="home" renders={renders} /> },
    {
      path: '/grades',
      meta: { code: 'grades' },
      element: <Page name="grades" renders={renders} />,
    },
    {
      path: '/admin',
      meta: { code: 'admin' },
      children: [{ path: 'users', meta: { code: 'users' } }],
      element: <Page name="admin" renders={renders} />,
    },
  ];
  return (
    <I18nextProvider i18n={i18n}>
      <Profiler
        id="outlet"
        onRender={(_id, phase) => {
          commits.push(phase);
        }}
      >
        <RouteOutlet routes={routes} path={path} />
      </Profiler>
    </I18nextProvider>
  );
}

describe('RouteOutlet', () => {
  it('shows the route of the path, and the not-found page for a path with no route', () => {
    const renders: string[] = [];
    const { rerender } = render(outlet('/grades', renders));
    expect(screen.getByText('grades')).not.toBeNull();
    rerender(outlet('/nowhere', renders));
    expect(screen.queryByText('grades')).toBeNull();
    expect(document.querySelector('.not-found')).not.toBeNull();
  });

  it('follows the permission tree: a route whose code it lacks is not found', () => {
    const renders: string[] = [];
    render(outlet('/admin', renders));
    expect(screen.getByText('admin')).not.toBeNull();
    act(() => {
      usePermissions.getState().setTree([{ code: 'grades' }]);
    });
    expect(screen.queryByText('admin')).toBeNull();
    expect(document.querySelector('.not-found')).not.toBeNull();
    act(() => {
      usePermissions.getState().setTree([{ code: 'admin', children: [{ code: 'users' }] }]);
    });
    expect(screen.getByText('admin')).not.toBeNull();
  });

  it('does not re-render for a permission tree that leaves its route as it was', () => {
    const renders: string[] = [];
    const commits: string[] = [];
    render(outlet('/admin', renders, commits));
    act(() => {
      usePermissions.getState().setTree([{ code: 'admin', children: [{ code: 'users' }] }]);
    });
    act(() => {
      usePermissions.getState().setTree([{ code: 'admin' }, { code: 'grades' }]);
    });
    expect(screen.getByText('admin')).not.toBeNull();
    expect(renders).toEqual(['admin']);
    // Not even the outlet itself: React's profiler saw the mount and nothing after it.
    expect(commits).toEqual(['mount']);
  });
});
