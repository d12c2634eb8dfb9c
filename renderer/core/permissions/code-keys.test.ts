import { describe, expect, it } from 'vitest';
import {
  collectCodeKeys,
  filterRoutes,
  hasAccess,
  resolveRoute,
  isPathAllowed,
  permittedRoutes,
  type ResourceNode,
} from './code-keys';

const tree: ResourceNode[] = [
  {
    code: 'score',
    resourceType: 1,
    children: [
      { code: 'score:list', resourceType: 2, menuRoute: '/score/list' },
      { code: 'score:export', resourceType: 3 },
    ],
  },
  { code: 'notice', resourceType: '2', menuRoute: 'notice/', children: null },
];

describe('codeKeys', () => {
  it('holds every code of the tree', () => {
    expect(collectCodeKeys(tree)).toEqual({
      score: true,
      'score:list': true,
      'score:export': true,
      notice: true,
    });
  });

  it('permits a code, and a list only when every code is permitted', () => {
    const keys = collectCodeKeys(tree);
    expect(hasAccess(keys, 'score:export')).toBe(true);
    expect(hasAccess(keys, 'score:delete')).toBe(false);
    expect(hasAccess(keys, ['score', 'notice'])).toBe(true);
    expect(hasAccess(keys, ['score', 'score:delete'])).toBe(false);
    expect(hasAccess(keys, undefined)).toBe(true);
  });
});

describe('routes', () => {
  it('removes routes whose meta code is not permitted, at every level', () => {
    const keys = collectCodeKeys(tree);
    const routes = [
      {
        path: 'a',
        meta: { code: 'score' },
        children: [{ path: 'b', meta: { code: 'nope' } }, { path: 'c' }],
      },
      { path: 'd', meta: { code: 'hidden' } },
      { path: 'e' },
    ];
    expect(filterRoutes(routes, keys)).toEqual([
      { path: 'a', meta: { code: 'score' }, children: [{ path: 'c' }] },
      { path: 'e' },
    ]);
  });

  it('allows the menu routes and the always-allowed paths only', () => {
    const routes = permittedRoutes(tree);
    expect([...routes].sort()).toEqual(['notice', 'score/list']);
    expect(isPathAllowed('/score/list', routes)).toBe(true);
    expect(isPathAllowed('#/notice', routes)).toBe(true);
    expect(isPathAllowed('/home', routes)).toBe(true);
    expect(isPathAllowed('/scty/header', routes)).toBe(true);
    expect(isPathAllowed('/score/edit', routes)).toBe(false);
    expect(isPathAllowed('/homework', routes)).toBe(false);
  });
});

describe('resolveRoute', () => {
  const routes = [
    { path: '/home' },
    { path: '/grades', meta: { code: 'cj:view' } },
    { path: '/grades/edit', meta: { code: 'cj:edit' } },
    { path: '/timetable' },
  ];
  const teacher = {
    enforced: true,
    codeKeys: { 'cj:view': true as const },
    routes: new Set(['grades', 'grades/edit']),
  };

  it('shows a permitted route and hides one whose meta code is not permitted', () => {
    expect(resolveRoute(routes, '#/grades', teacher)).toEqual({
      kind: 'route',
      route: routes[1],
    });
    expect(resolveRoute(routes, '/grades/edit', teacher)).toEqual({ kind: 'not-found' });
  });

  it('with the menu list: a route outside it is not found, always-allowed paths pass', () => {
    expect(resolveRoute(routes, '/timetable', teacher, true)).toEqual({ kind: 'not-found' });
    expect(resolveRoute(routes, '/home', teacher, true).kind).toBe('route');
    expect(resolveRoute(routes, '/grades/', teacher, true).kind).toBe('route');
    // The application's start is always allowed.
    expect(resolveRoute([{ path: '/' }], '/', teacher, true).kind).toBe('route');
  });

  it('is the catch-all not-found page when no route is permitted', () => {
    const none = { enforced: true, codeKeys: {}, routes: new Set<string>() };
    const coded = routes.filter((route) => route.meta !== undefined);
    for (const route of coded) {
      expect(resolveRoute(coded, route.path, none)).toEqual({ kind: 'not-found' });
    }
  });

  it('enforces nothing for users without a permission tree, but still knows unknown paths', () => {
    const open = { enforced: false, codeKeys: {}, routes: new Set<string>() };
    expect(resolveRoute(routes, '/grades/edit', open, true).kind).toBe('route');
    expect(resolveRoute(routes, '/nowhere', open).kind).toBe('not-found');
  });
});
