import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of the architecture are enforced by lint: these cases prove that a
 * violation really fails (a rule that silently stopped matching would pass everything).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const eslint = new ESLint({
  cwd: root,
  // Only the import rules matter here; the files are virtual, so no type information.
  overrideConfig: [
    {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: Object.fromEntries(
        ['boundaries/element-types', 'boundaries/entry-point', 'no-restricted-imports'].map(
          (rule) => [rule, 'error'],
        ),
      ),
    },
  ],
  ruleFilter: ({ ruleId }) =>
    ruleId.startsWith('boundaries/') || ruleId === 'no-restricted-imports',
});

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('architecture import rules', () => {
  it.each([
    [
      'contract imports the server',
      'contract/x.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;\n",
    ],
    [
      'core imports a feature',
      'renderer/core/x.ts',
      "import { LoginBox } from '../features/login/login-box';\nexport const x = LoginBox;\n",
    ],
    [
      'ui imports the boot',
      'renderer/ui/x.ts',
      "import { bootstrap } from '../boot/bootstrap';\nexport const x = bootstrap;\n",
    ],
    [
      'a feature imports another feature',
      'renderer/features/header/x.ts',
      "import { LoginBox } from '../login/login-box';\nexport const x = LoginBox;\n",
    ],
    [
      "a page imports a feature's file, not its index",
      'renderer/pages/x.ts',
      "import { LoginBox } from '../features/login/login-box';\nexport const x = LoginBox;\n",
    ],
    [
      "an application imports PH's internals, not its index",
      'renderer/apps/x/x.ts',
      "import { antdParts } from '../../ph/antd-parts';\nexport const x = antdParts;\n",
    ],
    [
      'the renderer imports the server',
      'renderer/pages/x.ts',
      "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
    ],
    [
      'the renderer imports a Node built-in',
      'renderer/core/x.ts',
      "import fs from 'node:fs';\nexport const x = fs;\n",
    ],
    [
      'the renderer imports electron',
      'renderer/core/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n",
    ],
    [
      'the server imports the renderer',
      'server/x.ts',
      "import { http } from '../renderer/core/http/http';\nexport const x = http;\n",
    ],
    [
      'main imports the server',
      'main/x.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;\n",
    ],
  ])('refuses: %s', async (_name, file, code) => {
    const found = await violations(file, code);
    expect(found.length).toBeGreaterThan(0);
    for (const rule of found)
      expect([
        'boundaries/element-types',
        'boundaries/entry-point',
        'no-restricted-imports',
      ]).toContain(rule);
  });

  it.each([
    [
      "a page imports a feature's index",
      'renderer/pages/x.ts',
      "import { LoginBox } from '../features/login/index';\nexport const x = LoginBox;\n",
    ],
    [
      "an application imports PH's index and the contract",
      'renderer/apps/x/x.ts',
      "import type { PhApi } from '../../ph/index';\nimport { API } from '../../../contract/api-paths';\nexport const x = API;\nexport type X = PhApi;\n",
    ],
    [
      'a feature imports ui and core',
      'renderer/features/login/x.ts',
      "import { notify } from '../../ui/notify/notify';\nimport { http } from '../../core/http/http';\nexport const x = [notify, http];\n",
    ],
    [
      'the server imports the contract',
      'server/x.ts',
      "import { API } from '../contract/api-paths';\nexport const x = API;\n",
    ],
  ])('allows: %s', async (_name, file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});
