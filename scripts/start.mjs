// `npm start`: builds the production web build when it is missing, compiles the reference
// platform server (always: it takes under a second, and edited server code is never stale),
// then runs it serving the web build on http://localhost:8080 (PORT and EDUDESK_DATA_DIR
// override).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

if (!existsSync('dist/web/index.html')) {
  console.log('No production web build yet: building it (once)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
