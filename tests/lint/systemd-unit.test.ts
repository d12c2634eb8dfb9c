import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, SERVER_PROCESS_ENV } from '../../scripts/build-server.mjs';

/**
 * The systemd unit docs/operations.md tells operators to copy ("Watching it run") must load
 * without a warning (`systemd-analyze verify`), start the server the way `npm start` does (the
 * memory settings of docs/server.md, from scripts/build-server.mjs) and keep the data private.
 * Without systemd-analyze the load check is skipped and says so.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

/** The documented unit: the ```ini block with a [Service] section. */
const unit =
  [...operations.matchAll(/^```ini\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1] ?? '')
    .find((block) => block.includes('[Service]')) ?? '';

/** The values of a key of the unit, in order. */
function values(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');
}

const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) =>
  existsSync(file),
);

describe('the documented systemd unit', () => {
  it('runs the compiled server with the memory settings npm start uses', () => {
    expect(unit).not.toBe('');
    const [execStart = ''] = values('ExecStart');
    expect(execStart.split(/\s+/).slice(1)).toEqual([
      '--enable-source-maps',
      ...SERVER_NODE_FLAGS,
      'dist/server/main.mjs',
    ]);
    const environment = values('Environment');
    for (const [name, value] of Object.entries(SERVER_PROCESS_ENV)) {
      expect(environment).toContain(`${name}=${value}`);
    }
  });

  it('runs as a service account whose files and data folder only it can read', () => {
    expect(values('User')).toEqual(['edudesk']);
    expect(values('UMask')).toEqual(['0077']);
    expect(values('StateDirectoryMode')).toEqual(['0700']);
    expect(values('Environment')).toContain('EDUDESK_DATA_DIR=/var/lib/edudesk');
    expect(values('Environment')).toContain('EDUDESK_MODE=production');
  });

  describe.skipIf(analyze === undefined)(
    `loads in systemd${analyze === undefined ? ' (SKIPPED: systemd-analyze not installed)' : ''}`,
    () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'edudesk-systemd-'));
      afterAll(() => {
        rmSync(folder, { recursive: true, force: true });
      });

      it('without a warning', () => {
        const file = path.join(folder, 'edudesk.service');
        // The node of this machine, wherever it is installed.
        writeFileSync(file, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
        const result = spawnSync(analyze ?? 'systemd-analyze', ['verify', file], {
          encoding: 'utf8',
        });
        expect(`${result.stdout}${result.stderr}`).toBe('');
        expect(result.status).toBe(0);
      });
    },
  );
});
