import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * The one place that touches the Windows registry: `reg query` on the policy key. Kept tiny and
 * separate so the policy logic (policy.ts) is tested with a fake reader on any machine.
 */

export type RegistryHive = 'HKLM' | 'HKCU';

export interface RegistryValue {
  type: string;
  data: string;
}

/**
 * The values under a policy key of one hive (POLICY_KEY unless another is named), by name; empty
 * when the key does not exist.
 */
export type RegistryReader = (
  hive: RegistryHive,
  key?: string,
) => Promise<Map<string, RegistryValue>>;

export const POLICY_KEY = 'Software\\Policies\\EduDesk';
/** Defaults the user may change (Chrome's "Recommended" model), beside the enforced key. */
export const RECOMMENDED_KEY = `${POLICY_KEY}\\Recommended`;

const VALUE_LINE = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/;

/** Parses `reg query` output: `    Name    REG_TYPE    data` lines under the key line. */
export function parseRegQuery(output: string): Map<string, RegistryValue> {
  const values = new Map<string, RegistryValue>();
  for (const line of output.split(/\r?\n/)) {
    const match = VALUE_LINE.exec(line);
    if (!match) continue;
    const [, name = '', type = '', data = ''] = match;
    values.set(name, { type, data });
  }
  return values;
}

type ExecFile = (
  file: string,
  args: string[],
  callback: (error: Error | null, stdout: string) => void,
) => void;

/**
 * Reads the policy key with the system's reg.exe (by full path, not from PATH). A missing key
 * makes reg.exe fail: that is "no policy", not an error.
 */
export function createRegQueryReader(
  systemRoot: string = process.env.SystemRoot ?? 'C:\\Windows',
  run: ExecFile = (file, args, callback) => {
    execFile(file, args, { windowsHide: true, timeout: 5000 }, (error, stdout) => {
      callback(error, stdout);
    });
  },
): RegistryReader {
  const regExe = path.win32.join(systemRoot, 'System32', 'reg.exe');
  return (hive, key = POLICY_KEY) =>
    new Promise((resolve) => {
      run(regExe, ['query', `${hive}\\${key}`], (error, stdout) => {
        resolve(error ? new Map() : parseRegQuery(stdout));
      });
    });
}
