import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { Arch, build, Platform, type AfterPackContext } from 'electron-builder';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAIN_BUNDLE = path.join(ROOT, 'dist-electron', 'main.js');
export const PRELOAD_BUNDLE = path.join(ROOT, 'dist-electron', 'preload.cjs');

/** The fuse wire's marker in Electron binaries (@electron/fuses). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults, in FuseV1Options order: what an unconfigured build would keep. */
const ELECTRON_DEFAULT_FUSES = '10110001';

/**
 * A stand-in Electron distribution for the offline dry run (TOOLCHAIN.md): one `electron` file
 * that is no program, but carries a fuse wire with Electron's defaults, so electron-builder's
 * fuse step really flips fuses and the test can read what a real build would get.
 */
export function createStandInElectron(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'edudesk-stand-in-electron-'));
  writeFileSync(
    path.join(dir, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in Electron for a packaging dry run"\nexit 1\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
      Buffer.from(ELECTRON_DEFAULT_FUSES),
    ]),
    { mode: 0o755 },
  );
  return dir;
}

export interface DryRun {
  appOutDir: string;
  asarPath: string;
  /** app.asar's size in bytes. */
  asarBytes: number;
  /** Every file (not folder) in app.asar, relative, with forward slashes. */
  files: string[];
  /** package.json as packed. */
  packagedPackageJson: Record<string, unknown>;
  /** The fuse wire of the packed executable: fuse index → '0' or '1' (ASCII code). */
  fuses: Record<string, unknown>;
  /** electron-builder's own context of the pack (its AppInfo names the artefacts). */
  context: AfterPackContext;
  cleanup(): void;
}

/**
 * `electron-builder --linux dir` with the stand-in Electron (electronDist), no rebuild and no
 * network: packs dist-electron/ and the bundled pages into app.asar exactly as `npm run dist`
 * would for Windows, minus the installers.
 */
export async function packDryRun(): Promise<DryRun> {
  const electronDist = createStandInElectron();
  const outDir = mkdtempSync(path.join(tmpdir(), 'edudesk-dry-run-'));
  const captured: { context?: AfterPackContext } = {};
  try {
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      publish: 'never',
      config: {
        electronDist,
        npmRebuild: false,
        directories: { output: outDir },
        afterPack: (packed) => {
          captured.context = packed;
          return Promise.resolve();
        },
      },
    });
  } finally {
    rmSync(electronDist, { recursive: true, force: true });
  }
  const packed = captured.context;
  if (!packed) throw new Error('electron-builder did not pack');
  const asarPath = path.join(packed.appOutDir, 'resources', 'app.asar');
  const files = listPackage(asarPath, { isPack: false })
    .map((entry) => entry.replace(/\\/g, '/').replace(/^\//, ''))
    .filter((entry) => !('files' in statFile(asarPath, entry)));
  const packagedPackageJson = JSON.parse(
    extractFile(asarPath, 'package.json').toString('utf8'),
  ) as Record<string, unknown>;
  // The Linux packager names the executable (`edudesk`).
  const { executableName } = packed.packager as unknown as { executableName: string };
  const executable = path.join(packed.appOutDir, executableName);
  return {
    appOutDir: packed.appOutDir,
    asarPath,
    asarBytes: statSync(asarPath).size,
    files,
    packagedPackageJson,
    fuses: await getCurrentFuseWire(executable),
    context: packed,
    cleanup() {
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
