import { spawn } from 'node:child_process';
import { PRODUCT_ROOT } from '../product-root';

export interface MainRun {
  code: number | null;
  listening: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs server/main.ts with these variables until it exits, or is stopped once it listens; a
 * server that does neither within 20 s is killed (a hang fails the test, never stalls it).
 */
export function runMain(
  env: Record<string, string>,
  spawnAs: { uid?: number; gid?: number } = {},
): Promise<MainRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PRODUCT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...spawnAs,
  });
  const run: MainRun = { code: null, listening: false, stdout: '', stderr: '' };
  const hung = setTimeout(() => child.kill('SIGKILL'), 20_000);
  child.stderr.on('data', (data: Buffer) => {
    run.stderr += data.toString();
  });
  child.stdout.on('data', (data: Buffer) => {
    run.stdout += data.toString();
    if (!run.listening && run.stdout.includes('listening on')) {
      run.listening = true;
      // Whatever it logs at start has been written by now.
      setTimeout(() => child.kill(), 200);
    }
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(hung);
      run.code = code;
      resolve(run);
    });
  });
}
