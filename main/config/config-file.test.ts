import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFileCandidates, loadConfigFile, parseConfig, readConfigFile } from './config-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'edudesk-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(folder: string, content: string): string {
  mkdirSync(path.join(dir, folder), { recursive: true });
  const file = path.join(dir, folder, 'config.json');
  writeFileSync(file, content);
  return file;
}

describe('configFileCandidates', () => {
  it('looks beside the portable executable, beside the executable, then in resources', () => {
    expect(
      configFileCandidates({
        exePath: '/opt/EduDesk/edudesk',
        resourcesPath: '/opt/EduDesk/resources',
        portableDir: '/media/usb',
      }),
    ).toEqual([
      '/media/usb/config.json',
      '/opt/EduDesk/config.json',
      '/opt/EduDesk/resources/config.json',
    ]);
  });

  it('skips an unset portable folder and duplicates', () => {
    expect(
      configFileCandidates({ exePath: '/a/edudesk', resourcesPath: '/a', portableDir: '' }),
    ).toEqual(['/a/config.json']);
  });
});

describe('readConfigFile', () => {
  it('reads the known fields (a BOM is fine) and ignores unknown ones', () => {
    const file = write(
      'exe',
      '\uFEFF' +
        JSON.stringify({
          serverUrl: ' https://school.example.edu ',
          clientId: 'device-1',
          disableAutoLogin: true,
          disableThemeButton: false,
          comment: 'set by IT',
        }),
    );
    expect(readConfigFile(file)).toEqual({
      ok: true,
      settings: {
        serverUrl: 'https://school.example.edu',
        clientId: 'device-1',
        disableAutoLogin: true,
        disableThemeButton: false,
      },
    });
  });

  it.each([
    ['not json', '{ serverUrl: https://x }'],
    ['an array', '[]'],
    ['a flag as text', '{"disableAutoLogin":"yes"}'],
    ['an empty server URL', '{"serverUrl":"  "}'],
    ['a numeric client id', '{"clientId":42}'],
  ])('refuses %s', (_name, content) => {
    expect(readConfigFile(write('bad', content))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports a missing file and refuses a huge one', () => {
    expect(readConfigFile(path.join(dir, 'nope.json'))).toEqual({ ok: false, reason: 'missing' });
    const file = write('huge', JSON.stringify({ serverUrl: 'https://a', pad: 'x'.repeat(70_000) }));
    expect(readConfigFile(file)).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('loadConfigFile', () => {
  it('takes the first valid file, skipping (and reporting) broken ones', () => {
    const broken = write('first', '{');
    const good = write('second', '{"serverUrl":"https://second.example.edu"}');
    write('third', '{"serverUrl":"https://third.example.edu"}');
    const warnings: string[] = [];
    const found = loadConfigFile(
      [path.join(dir, 'none', 'config.json'), broken, good, path.join(dir, 'third', 'config.json')],
      (message) => warnings.push(message),
    );
    expect(found).toEqual({ file: good, settings: { serverUrl: 'https://second.example.edu' } });
    expect(warnings).toEqual([`Ignoring ${broken}: invalid`]);
  });

  it('answers null when there is no file', () => {
    expect(loadConfigFile([path.join(dir, 'config.json')])).toBeNull();
  });
});

describe('parseConfig', () => {
  it('accepts an empty object', () => {
    expect(parseConfig({})).toEqual({});
  });
});

describe('parseConfig: downloads, zoom, auto-login age', () => {
  it('reads them and refuses a number of the wrong kind', () => {
    expect(
      parseConfig({
        downloadDirectory: 'D:\\Class',
        blockDangerousDownloads: false,
        defaultZoom: 125,
        autoLoginMaxDays: 15,
      }),
    ).toEqual({
      downloadDirectory: 'D:\\Class',
      blockDangerousDownloads: false,
      defaultZoom: 125,
      autoLoginMaxDays: 15,
    });
    expect(parseConfig({ defaultZoom: '125' })).toBeNull();
    expect(parseConfig({ autoLoginMaxDays: 1.5 })).toBeNull();
    expect(parseConfig({ autoLoginMaxDays: -1 })).toBeNull();
  });
});
