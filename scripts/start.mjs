// `npm start`: builds the production web build when it is missing, compiles the reference
// platform server (always), then runs it serving the web build on http://localhost:8080 (PORT
// and EDUDESK_DATA_DIR override).
import { spawn } from 'node:child_process';
import { ensureBuilt, SERVER_BUNDLE, serverNodeArgs, serverProcessEnv } from './build-server.mjs';

await ensureBuilt();

const server = spawn(process.execPath, serverNodeArgs(SERVER_BUNDLE), {
  stdio: 'inherit',
  env: serverProcessEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
