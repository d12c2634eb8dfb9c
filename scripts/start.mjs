// `npm start`: builds the production web build when it is missing, then runs the reference
// platform server serving it on http://localhost:8080 (PORT and EDUDESK_DATA_DIR override).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html')) {
  console.log('No production web build yet: building it (once)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
