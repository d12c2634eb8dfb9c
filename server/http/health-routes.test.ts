import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTestApp, type PluginTestApp } from '../testing/plugin-test-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { HEALTH_PATHS, healthRoutes } from './health-routes';

describe('health for a load balancer', () => {
  let t: TestApp | undefined;
  let plugin: PluginTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await plugin?.close();
    t = undefined;
    plugin = undefined;
  });

  it('answers live and ready, uncached, without a session', async () => {
    t = await createTestApp();
    for (const [url, status] of [
      [HEALTH_PATHS.live, 'live'],
      [HEALTH_PATHS.ready, 'ready'],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not ready while the database does not answer, and still live', async () => {
    plugin = await createPluginTestApp((app, services) => app.register(healthRoutes, { services }));
    await plugin.services.sql.close();
    const ready = await plugin.app.inject({ url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await plugin.app.inject({ url: HEALTH_PATHS.live })).statusCode).toBe(200);
  });
});
