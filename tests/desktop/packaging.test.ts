import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// app-builder-lib's index first: its deep modules import each other in a cycle that only
// resolves when the package entry is loaded before them.
import { Arch } from 'app-builder-lib';
import type { Configuration, MsiOptions, WinPackager } from 'app-builder-lib';
import { FuseV1Options } from '@electron/fuses';
import { getEffectiveOptions } from 'app-builder-lib/out/options/CommonWindowsInstallerConfiguration';
import MsiTarget from 'app-builder-lib/out/targets/MsiTarget';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { expandMacro } from 'app-builder-lib/out/util/macroExpander';
import { resolveFunction } from 'app-builder-lib/out/util/resolve';
import { DebugLogger } from 'builder-util';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDownloadFiles } from '../../contract/client-downloads';
import { packDryRun, ROOT, type DryRun } from './dry-run';

// The MSI hook is plain JavaScript for electron-builder; loaded by URL, typed here.
const { addServerUrlPolicy } = (await import(
  pathToFileURL(path.join(ROOT, 'resources', 'build', 'msi-server-url.mjs')).href
)) as { addServerUrlPolicy: (wxs: string) => string };

const ASAR_BUDGET_BYTES = 15 * 1024 * 1024;
/** A fuse's byte in the wire: ASCII '0' off, '1' on. */
const FUSE_OFF = '0'.charCodeAt(0);
const FUSE_ON = '1'.charCodeAt(0);
const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

async function loadConfig(): Promise<Configuration> {
  return getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
}

function targetsOf(config: Configuration): string[] {
  const targets = config.win?.target;
  if (!Array.isArray(targets)) return [];
  return targets.map((target) => (typeof target === 'string' ? target : target.target));
}

describe('electron-builder.yml, validated offline with app-builder-lib', () => {
  let config: Configuration;
  beforeAll(async () => {
    config = await loadConfig();
  });

  it('passes electron-builder’s own schema validation', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('fails that validation for a broken configuration (the check is real)', async () => {
    const broken = {
      ...config,
      nsis: { ...config.nsis, oneClick: 'sometimes' },
    } as unknown as Configuration;
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/oneClick/);
  });

  it('names the product and builds the three Windows targets', () => {
    expect(config.appId).toBe('edu.edudesk.client');
    expect(config.productName).toBe('EduDesk');
    expect(targetsOf(config).sort()).toEqual(['msi', 'nsis', 'portable']);
    expect(config.win?.icon).toBe('resources/icons/icon.ico');
  });

  it('makes the NSIS installer per user with a choice of directory', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      shortcutName: 'EduDesk 教育桌面',
    });
  });

  it('makes the MSI per machine with a fixed upgrade code and the SERVER_URL hook', async () => {
    expect(config.msi?.perMachine).toBe(true);
    expect(config.msi?.upgradeCode).toBe('F48B6F59-FF83-45B2-8EB1-0D409D5CF01F');
    const hook = await resolveFunction<(file: string) => Promise<void>>(
      undefined,
      config.msiProjectCreated as string,
      'msiProjectCreated',
      ROOT,
    );
    expect(typeof hook).toBe('function');
  });

  it('publishes updates to a generic feed folder the platform serves', () => {
    expect(config.publish).toMatchObject({
      provider: 'generic',
      url: expect.stringMatching(/^https:\/\/[^/]+\/client\/updates\/win\/$/) as unknown,
    });
  });

  it('sets the fuses: no run-as-node, app only from an integrity-checked asar, encrypted cookies', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('packs only the client: no renderer, no server, no node_modules, no rebuild', () => {
    // getConfig normalises the list into one file set.
    const files = (config.files as { filter: string[] }[]).flatMap((set) => set.filter);
    expect(files).toContain('!node_modules/**');
    for (const pattern of files) expect(pattern).not.toMatch(/renderer|server|dist\/web|src\//);
    expect(config.npmRebuild).toBe(false);
  });

  it('has the icons electron-builder needs (a 256 px .ico, a 512 px .png)', () => {
    const ico = readFileSync(path.join(ROOT, 'resources', 'icons', 'icon.ico'));
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => ico[6 + index * 16] ?? -1);
    expect(sizes).toContain(0); // 0 means 256 px
    const png = readFileSync(path.join(ROOT, 'resources', 'icons', 'icon.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});

describe('Linux `dir` dry run with a stand-in Electron', () => {
  let run: DryRun;
  beforeAll(async () => {
    expect(existsSync(path.join(ROOT, 'dist-electron', 'main.js')), 'run `vite build` first').toBe(
      true,
    );
    run = await packDryRun();
  }, 180_000);
  afterAll(() => {
    run.cleanup();
  });

  it('puts exactly the bundles, the bundled pages, the icon and package.json into app.asar', () => {
    expect([...run.files].sort()).toEqual(
      [
        'package.json',
        'dist-electron/main.js',
        'dist-electron/preload.cjs',
        'resources/icons/icon.png',
        'resources/pages/certificate.html',
        'resources/pages/first-run.html',
        'resources/pages/offline.html',
        'resources/pages/proxy-login.html',
        'resources/pages/pages.css',
        'resources/pages/settings.html',
      ].sort(),
    );
  });

  it('packs a package.json that starts the ESM main bundle, without scripts', () => {
    expect(run.packagedPackageJson).toMatchObject({
      name: 'edudesk',
      main: 'dist-electron/main.js',
      type: 'module',
      author: { name: 'EduDesk' },
    });
    expect(run.packagedPackageJson.scripts).toBeUndefined();
  });

  it(`keeps app.asar within ${String(ASAR_BUDGET_BYTES / 1024 / 1024)} MB`, () => {
    expect(run.asarBytes).toBeLessThanOrEqual(ASAR_BUDGET_BYTES);
  });

  it('flips the fuses in the packed executable', () => {
    const fuse = (option: FuseV1Options) => run.fuses[String(option)];
    expect(fuse(FuseV1Options.RunAsNode)).toBe(FUSE_OFF);
    expect(fuse(FuseV1Options.EnableCookieEncryption)).toBe(FUSE_ON);
    expect(fuse(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FUSE_OFF);
    expect(fuse(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FUSE_OFF);
    expect(fuse(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FUSE_ON);
    expect(fuse(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FUSE_ON);
    expect(fuse(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FUSE_OFF);
  });

  it('names the installers as the client download dialog links them (contract/client-downloads.ts)', async () => {
    const config = await loadConfig();
    const appInfo = run.context.packager.appInfo;
    const expand = (pattern: unknown, ext: string) =>
      expandMacro(String(pattern), 'x64', appInfo, { ext });
    expect(appInfo.version).toBe(VERSION);
    expect({
      installer: expand(config.nsis?.artifactName, 'exe'),
      portable: expand(config.portable?.artifactName, 'exe'),
      msi: expand(config.msi?.artifactName, 'msi'),
    }).toEqual(clientDownloadFiles(VERSION));
  });

  it('renders an MSI project (electron-builder’s template) that the hook gives SERVER_URL', async () => {
    const packager = run.context.packager as unknown as WinPackager;
    const outDir = mkdtempSync(path.join(tmpdir(), 'edudesk-msi-'));
    try {
      const target = new MsiTarget(packager, outDir) as unknown as {
        options: MsiOptions;
        writeManifest(appOutDir: string, arch: Arch, options: unknown): Promise<string>;
      };
      const project = await target.writeManifest(
        run.appOutDir,
        Arch.x64,
        getEffectiveOptions(target.options, packager),
      );
      const wxs = addServerUrlPolicy(project);
      expect(addServerUrlPolicy(wxs)).toBe(wxs);
      const document = new new JSDOM('').window.DOMParser().parseFromString(wxs, 'application/xml');
      expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
      const byId = (tag: string, id: string) =>
        [...document.getElementsByTagName(tag)].find(
          (element) => element.getAttribute('Id') === id,
        );
      const product = document.getElementsByTagName('Product')[0];
      expect(product?.getAttribute('UpgradeCode')).toBe('F48B6F59-FF83-45B2-8EB1-0D409D5CF01F');
      expect(byId('Property', 'ALLUSERS')?.getAttribute('Value')).toBe('1');
      expect(byId('Property', 'SERVER_URL')?.getAttribute('Secure')).toBe('yes');
      expect(byId('RegistrySearch', 'EduDeskSavedServerUrl')?.getAttribute('Key')).toBe(
        'Software\\Policies\\EduDesk',
      );
      const component = byId('Component', 'EduDeskServerUrlPolicy');
      expect(component?.parentElement?.getAttribute('Id')).toBe('ProductComponents');
      expect(component?.getElementsByTagName('Condition')[0]?.textContent).toBe('SERVER_URL');
      const value = component?.getElementsByTagName('RegistryValue')[0];
      expect({
        root: value?.getAttribute('Root'),
        key: value?.getAttribute('Key'),
        name: value?.getAttribute('Name'),
        value: value?.getAttribute('Value'),
      }).toEqual({
        root: 'HKLM',
        key: 'Software\\Policies\\EduDesk',
        name: 'ServerUrl',
        value: '[SERVER_URL]',
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('refuses to patch a WiX project of another shape', () => {
    expect(() => addServerUrlPolicy('<Wix><Product/></Wix>')).toThrow(/expected structure/);
  });
});
