// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../../contract/api-paths';
import { createRouteServer, reply } from '../../../tests/support/route-server';
import { httpInstance, resetHttpForTests } from '../../core/http/client';
import { configureHttp } from '../../core/http/hooks';
import { queryCache } from '../../core/query/query-cache';
import { useModuleLicence } from './use-module-licence';

const testServer = createRouteServer();
const { routes, received } = testServer;
let base = '';

function licensedFor(serverIds: string[]) {
  routes.set(`GET ${DESKTOP_API.licenseUnit}`, (req, res) => {
    const data = serverIds.includes(req.query.get('serverId') ?? '');
    reply(res, 200, { status: 200, message: '', data, code: 'ok', fieldErrors: [] });
  });
}

beforeAll(async () => {
  base = await testServer.start();
});

afterAll(() => testServer.stop());

beforeEach(() => {
  resetHttpForTests();
  httpInstance.defaults.adapter = 'http';
  httpInstance.defaults.baseURL = base;
  configureHttp({ notify: vi.fn() });
  testServer.reset();
  // Each case asks the server afresh, not the answers an earlier case left in the page's cache.
  queryCache.clear();
});

describe('useModuleLicence (spec §6)', () => {
  it('is checking, then licensed when license/unit answers true', async () => {
    licensedFor(['oa']);
    const { result } = renderHook(() => useModuleLicence('oa', '1001', false));
    expect(result.current).toBe('checking');
    await waitFor(() => {
      expect(result.current).toBe('licensed');
    });
    expect(received[0]?.query.get('unitId')).toBe('1001');
    expect(received[0]?.query.get('serverId')).toBe('oa');
  });

  it('is expired when the unit is not licensed for the module', async () => {
    licensedFor(['oa']);
    const { result } = renderHook(() => useModuleLicence('edu', '1001', false));
    await waitFor(() => {
      expect(result.current).toBe('expired');
    });
  });

  it('re-checks when the module changes', async () => {
    licensedFor(['oa']);
    const { result, rerender } = renderHook(({ id }) => useModuleLicence(id, '1001', false), {
      initialProps: { id: 'oa' },
    });
    await waitFor(() => {
      expect(result.current).toBe('licensed');
    });
    rerender({ id: 'edu' });
    expect(result.current).toBe('checking');
    await waitFor(() => {
      expect(result.current).toBe('expired');
    });
  });

  it('is skipped in development', () => {
    licensedFor([]);
    const { result } = renderHook(() => useModuleLicence('oa', '1001', true));
    expect(result.current).toBe('licensed');
    expect(received).toHaveLength(0);
  });

  it('waits for the unit to be known', () => {
    const { result } = renderHook(() => useModuleLicence('oa', '', false));
    expect(result.current).toBe('checking');
    expect(received).toHaveLength(0);
  });

  it('does not lock the user out when the check itself fails', async () => {
    routes.set(`GET ${DESKTOP_API.licenseUnit}`, (_req, res) => {
      reply(res, 500, {});
    });
    const { result } = renderHook(() => useModuleLicence('oa', '1001', false));
    await waitFor(() => {
      expect(result.current).toBe('licensed');
    });
  });
});
