/**
 * The reference server with the bench-only routes (tests/bench/bench-routes.ts) in the same
 * process: what `npm run bench`'s upload group measures. Compiled at bench time by
 * tests/bench/bench-assets.ts into test-results/bench/ and run with plain Node, like `npm start`
 * runs the product server; the product's own bundle never contains these routes.
 * Environment: the server's own (PORT, EDUDESK_DATA_DIR, …) plus EDUDESK_BENCH_WORK_DIR and
 * EDUDESK_BENCH_ASSETS_DIR.
 */
import { buildApp } from '../../server/app';
import { loadOptionsFromEnv } from '../../server/config';
import { registerBenchRoutes } from './bench-routes';

async function main(): Promise<void> {
  const options = loadOptionsFromEnv(process.env);
  const app = await buildApp(options);
  await registerBenchRoutes(app, {
    workDir: process.env.EDUDESK_BENCH_WORK_DIR ?? options.dataDir,
    assetsDir: process.env.EDUDESK_BENCH_ASSETS_DIR ?? '.',
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port: options.port, host: options.host });
  process.stdout.write('bench server listening\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
