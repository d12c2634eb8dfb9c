import type { RegistryHive, RegistryReader, RegistryValue } from './registry-reader';

/**
 * Deployment settings an administrator sets: by Group Policy (resources/policy/EduDesk.admx), by
 * the MSI's SERVER_URL property, or in config.json. Every field is optional: unset means "the
 * next source decides".
 */
export interface DeploymentSettings {
  serverUrl?: string;
  clientId?: string;
  disableAutoLogin?: boolean;
  disableThemeButton?: boolean;
  disableLanguageButton?: boolean;
  // Downloads, zoom and auto-login age (main/downloads, main/windows/zoom.ts, main/vault).
  downloadDirectory?: string;
  blockDangerousDownloads?: boolean;
  defaultZoom?: number;
  autoLoginMaxDays?: number;
}

type Field = keyof DeploymentSettings;

/** Registry value name → settings field; the names of the ADMX template. */
export const POLICY_VALUES: Readonly<Record<string, Field>> = {
  ServerUrl: 'serverUrl',
  ClientId: 'clientId',
  DisableAutoLogin: 'disableAutoLogin',
  DisableThemeButton: 'disableThemeButton',
  DisableLanguageButton: 'disableLanguageButton',
  DownloadDirectory: 'downloadDirectory',
  BlockDangerousDownloads: 'blockDangerousDownloads',
  DefaultZoom: 'defaultZoom',
  AutoLoginMaxDays: 'autoLoginMaxDays',
};

const BOOLEAN_FIELDS: ReadonlySet<Field> = new Set([
  'disableAutoLogin',
  'disableThemeButton',
  'disableLanguageButton',
  'blockDangerousDownloads',
]);

/** Fields written as REG_DWORD numbers (a decimal element in the ADMX). */
const NUMBER_FIELDS: ReadonlySet<Field> = new Set(['defaultZoom', 'autoLoginMaxDays']);

/** Machine policy first: a user cannot override what the administrator set for the machine. */
export const HIVE_ORDER: readonly RegistryHive[] = ['HKLM', 'HKCU'];

function booleanValue(value: RegistryValue): boolean | undefined {
  if (value.type === 'REG_DWORD' || value.type === 'REG_QWORD') {
    const number = Number.parseInt(value.data, value.data.toLowerCase().startsWith('0x') ? 16 : 10);
    return Number.isNaN(number) ? undefined : number !== 0;
  }
  if (value.type === 'REG_SZ') {
    const text = value.data.trim().toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
  }
  return undefined;
}

function numberValue(value: RegistryValue): number | undefined {
  const text = value.data.trim();
  if (value.type === 'REG_DWORD' || value.type === 'REG_QWORD') {
    const number = Number.parseInt(text, text.toLowerCase().startsWith('0x') ? 16 : 10);
    return Number.isNaN(number) ? undefined : number;
  }
  if (value.type === 'REG_SZ' && /^\d{1,9}$/.test(text)) return Number(text);
  return undefined;
}

function stringValue(value: RegistryValue): string | undefined {
  if (value.type !== 'REG_SZ' && value.type !== 'REG_EXPAND_SZ') return undefined;
  const text = value.data.trim();
  return text === '' ? undefined : text;
}

/** One hive's values as settings; values of the wrong type are ignored (and reported). */
export function settingsFromRegistry(
  values: ReadonlyMap<string, RegistryValue>,
  warn: (message: string) => void = () => undefined,
): DeploymentSettings {
  const settings: DeploymentSettings = {};
  for (const [name, value] of values) {
    const field = POLICY_VALUES[name];
    if (field === undefined) continue;
    if (BOOLEAN_FIELDS.has(field)) {
      const flag = booleanValue(value);
      if (flag === undefined) warn(`Policy ${name}: ${value.type} "${value.data}" is not a flag`);
      else Object.assign(settings, { [field]: flag });
    } else if (NUMBER_FIELDS.has(field)) {
      const number = numberValue(value);
      if (number === undefined)
        warn(`Policy ${name}: ${value.type} "${value.data}" is not a number`);
      else Object.assign(settings, { [field]: number });
    } else {
      const text = stringValue(value);
      if (text === undefined) warn(`Policy ${name}: ${value.type} is not a text value`);
      else Object.assign(settings, { [field]: text });
    }
  }
  return settings;
}

/** Fills what `first` leaves unset from `second`, field by field. */
export function mergeSettings(
  first: DeploymentSettings,
  second: DeploymentSettings,
): DeploymentSettings {
  return {
    ...second,
    ...Object.fromEntries(Object.entries(first).filter(([, value]) => value !== undefined)),
  };
}

/** The Windows policy: HKLM then HKCU `Software\Policies\EduDesk`, value by value. */
export async function readPolicy(
  reader: RegistryReader,
  warn?: (message: string) => void,
): Promise<DeploymentSettings> {
  let policy: DeploymentSettings = {};
  for (const hive of HIVE_ORDER) {
    const values = await reader(hive).catch(() => new Map<string, RegistryValue>());
    policy = mergeSettings(policy, settingsFromRegistry(values, warn));
  }
  return policy;
}
