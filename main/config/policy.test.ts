import { describe, expect, it } from 'vitest';
import { mergeSettings, readPolicy, readRecommendedPolicy, settingsFromRegistry } from './policy';
import {
  POLICY_KEY,
  RECOMMENDED_KEY,
  type RegistryHive,
  type RegistryReader,
  type RegistryValue,
} from './registry-reader';

const sz = (data: string): RegistryValue => ({ type: 'REG_SZ', data });
const dword = (data: string): RegistryValue => ({ type: 'REG_DWORD', data });

type Hives = Partial<Record<RegistryHive, Record<string, RegistryValue>>>;

/**
 * A registry with the given values per hive under the policy key (and, when given, under its
 * Recommended key), recording which hives were read.
 */
function fakeRegistry(hives: Hives, recommended: Hives = {}) {
  const read: RegistryHive[] = [];
  const reader: RegistryReader = (hive, key = POLICY_KEY) => {
    read.push(hive);
    const source = key === RECOMMENDED_KEY ? recommended : key === POLICY_KEY ? hives : {};
    return Promise.resolve(new Map(Object.entries(source[hive] ?? {})));
  };
  return { reader, read };
}

describe('readPolicy', () => {
  it('reads HKLM then HKCU and lets the machine policy win value by value', async () => {
    const { reader, read } = fakeRegistry({
      HKLM: { ServerUrl: sz('https://machine.example.edu'), DisableAutoLogin: dword('0x1') },
      HKCU: {
        ServerUrl: sz('https://user.example.edu'),
        DisableAutoLogin: dword('0x0'),
        DisableThemeButton: dword('0x1'),
        ClientId: sz('device-42'),
      },
    });
    expect(await readPolicy(reader)).toEqual({
      serverUrl: 'https://machine.example.edu',
      disableAutoLogin: true,
      disableThemeButton: true,
      clientId: 'device-42',
    });
    expect(read).toEqual(['HKLM', 'HKCU']);
  });

  it('reads the update policies as texts, the machine’s first', async () => {
    const { reader } = fakeRegistry({
      HKLM: { UpdateMode: sz('notify'), TargetVersion: sz('1.4.2') },
      HKCU: { UpdateMode: sz('off'), UpdateUrl: sz('https://files.example.edu/edudesk/') },
    });
    expect(await readPolicy(reader)).toEqual({
      updateMode: 'notify',
      targetVersion: '1.4.2',
      updateUrl: 'https://files.example.edu/edudesk/',
    });
  });

  it('uses HKCU alone when the machine has no policy, and nothing when neither has', async () => {
    expect(
      await readPolicy(fakeRegistry({ HKCU: { DisableLanguageButton: dword('1') } }).reader),
    ).toEqual({ disableLanguageButton: true });
    expect(await readPolicy(fakeRegistry({}).reader)).toEqual({});
  });

  it('treats a failing reader as no policy', async () => {
    expect(await readPolicy(() => Promise.reject(new Error('no reg.exe')))).toEqual({});
  });

  it('ignores values of the wrong type, and unknown values, and reports the wrong ones', async () => {
    const warnings: string[] = [];
    const { reader } = fakeRegistry({
      HKLM: {
        ServerUrl: dword('0x1'),
        DisableAutoLogin: sz('perhaps'),
        Unknown: sz('x'),
        ClientId: sz('   '),
      },
      HKCU: { ServerUrl: sz('https://user.example.edu') },
    });
    expect(await readPolicy(reader, (message) => warnings.push(message))).toEqual({
      serverUrl: 'https://user.example.edu',
    });
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toContain('DisableAutoLogin');
  });
});

describe('the user settings an administrator may set', () => {
  it('reads DisableNotifications, CloseToTray and StartAtLogin (0 off, 1 shown, 2 hidden)', async () => {
    const { reader } = fakeRegistry({
      HKLM: { DisableNotifications: dword('0x1'), StartAtLogin: dword('0x2') },
      HKCU: { CloseToTray: dword('0x0'), StartAtLogin: dword('0x1') },
    });
    expect(await readPolicy(reader)).toEqual({
      disableNotifications: true,
      closeToTray: false,
      startAtLogin: 'hidden',
    });
    expect(settingsFromRegistry(new Map([['StartAtLogin', sz('shown')]]))).toEqual({
      startAtLogin: 'shown',
    });
    const warnings: string[] = [];
    expect(
      settingsFromRegistry(new Map([['StartAtLogin', dword('7')]]), (message) =>
        warnings.push(message),
      ),
    ).toEqual({});
    expect(warnings.join('')).toContain('StartAtLogin');
  });

  it('reads the Recommended key apart from the enforced one, HKLM over HKCU', async () => {
    const { reader } = fakeRegistry(
      { HKLM: { CloseToTray: dword('1') } },
      {
        HKLM: { StartAtLogin: dword('2') },
        HKCU: {
          StartAtLogin: dword('1'),
          DisableNotifications: dword('1'),
          // Only the user's settings may be recommended: a server is always enforced.
          ServerUrl: sz('https://recommended.example.edu'),
        },
      },
    );
    expect(await readPolicy(reader)).toEqual({ closeToTray: true });
    expect(await readRecommendedPolicy(reader)).toEqual({
      startAtLogin: 'hidden',
      disableNotifications: true,
    });
  });
});

describe('settingsFromRegistry', () => {
  it('reads flags from DWORDs (hex or decimal) and from "1"/"true"/"0"/"false" texts', () => {
    expect(
      settingsFromRegistry(
        new Map([
          ['DisableAutoLogin', dword('0x00000001')],
          ['DisableThemeButton', sz('TRUE')],
          ['DisableLanguageButton', sz('0')],
        ]),
      ),
    ).toEqual({ disableAutoLogin: true, disableThemeButton: true, disableLanguageButton: false });
  });

  it('trims texts and accepts REG_EXPAND_SZ', () => {
    expect(
      settingsFromRegistry(
        new Map([['ServerUrl', { type: 'REG_EXPAND_SZ', data: ' https://a ' }]]),
      ),
    ).toEqual({ serverUrl: 'https://a' });
  });
});

describe('mergeSettings', () => {
  it('keeps the first source and fills the gaps from the second', () => {
    expect(
      mergeSettings(
        { serverUrl: 'https://a', disableAutoLogin: false },
        { serverUrl: 'https://b', disableAutoLogin: true, disableThemeButton: true },
      ),
    ).toEqual({ serverUrl: 'https://a', disableAutoLogin: false, disableThemeButton: true });
  });
});

describe('school network policies', () => {
  it('reads the proxy flag and the fingerprint list as REG_MULTI_SZ or one REG_SZ', () => {
    const multi: RegistryValue = { type: 'REG_MULTI_SZ', data: 'AB:CD\\0 ef01 \\0\\0' };
    expect(
      settingsFromRegistry(
        new Map([
          ['DisableProxyCredentialSaving', dword('0x1')],
          ['TrustedCertificateFingerprints', multi],
        ]),
      ),
    ).toEqual({ disableProxyCredentialSaving: true, trustedCertificateFingerprints: 'AB:CD;ef01' });
    expect(
      settingsFromRegistry(new Map([['TrustedCertificateFingerprints', sz('ab, cd')]])),
    ).toEqual({ trustedCertificateFingerprints: 'ab, cd' });
  });

  it('ignores an empty list and a list of the wrong type', () => {
    const warnings: string[] = [];
    expect(
      settingsFromRegistry(
        new Map([['TrustedCertificateFingerprints', { type: 'REG_MULTI_SZ', data: '\\0' }]]),
        (message) => warnings.push(message),
      ),
    ).toEqual({});
    expect(
      settingsFromRegistry(new Map([['TrustedCertificateFingerprints', dword('1')]]), (message) =>
        warnings.push(message),
      ),
    ).toEqual({});
    expect(warnings).toHaveLength(2);
  });
});

describe('download, zoom and auto-login policies', () => {
  it('reads numbers from DWORDs and number texts, and the folder as text', () => {
    const warnings: string[] = [];
    const values = new Map<string, RegistryValue>([
      ['DefaultZoom', dword('0x7d')],
      ['AutoLoginMaxDays', sz('15')],
      ['DownloadDirectory', { type: 'REG_EXPAND_SZ', data: '%USERPROFILE%\\EduDesk' }],
      ['BlockDangerousDownloads', dword('0x0')],
    ]);
    expect(settingsFromRegistry(values, (message) => warnings.push(message))).toEqual({
      defaultZoom: 125,
      autoLoginMaxDays: 15,
      downloadDirectory: '%USERPROFILE%\\EduDesk',
      blockDangerousDownloads: false,
    });
    expect(warnings).toEqual([]);
  });

  it('ignores a number of the wrong type and says why', () => {
    const warnings: string[] = [];
    const values = new Map<string, RegistryValue>([
      ['DefaultZoom', sz('big')],
      ['AutoLoginMaxDays', { type: 'REG_BINARY', data: '0f' }],
    ]);
    expect(settingsFromRegistry(values, (message) => warnings.push(message))).toEqual({});
    expect(warnings).toEqual([
      'Policy DefaultZoom: REG_SZ "big" is not a number',
      'Policy AutoLoginMaxDays: REG_BINARY "0f" is not a number',
    ]);
  });
});
