import { isStartAtLogin, START_AT_LOGIN_VALUES, type StartAtLogin } from './start-at-login';
import {
  RECOMMENDED_KEY,
  type RegistryHive,
  type RegistryReader,
  type RegistryValue,
} from './registry-reader';

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
  // The user's settings an administrator may recommend or enforce (settings/preferences.ts).
  disableNotifications?: boolean;
  closeToTray?: boolean;
  startAtLogin?: StartAtLogin;
  /** School networks (main/network/): policy only, never config.json. */
  disableProxyCredentialSaving?: boolean;
  trustedCertificateFingerprints?: string;
  // Client updates (main/updates/update-policy.ts checks the values).
  updateMode?: string;
  updateUrl?: string;
  targetVersion?: string;
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
  // The user's settings (settings/preferences.ts); also read from the Recommended key.
  DisableNotifications: 'disableNotifications',
  CloseToTray: 'closeToTray',
  StartAtLogin: 'startAtLogin',
  DisableProxyCredentialSaving: 'disableProxyCredentialSaving',
  TrustedCertificateFingerprints: 'trustedCertificateFingerprints',
  // Client updates.
  UpdateMode: 'updateMode',
  UpdateUrl: 'updateUrl',
  TargetVersion: 'targetVersion',
  DownloadDirectory: 'downloadDirectory',
  BlockDangerousDownloads: 'blockDangerousDownloads',
  DefaultZoom: 'defaultZoom',
  AutoLoginMaxDays: 'autoLoginMaxDays',
};

/** The values the Recommended key may hold: defaults of the user's settings. */
export const RECOMMENDABLE_FIELDS: ReadonlySet<Field> = new Set([
  'disableNotifications',
  'closeToTray',
  'startAtLogin',
]);

const BOOLEAN_FIELDS: ReadonlySet<Field> = new Set([
  'disableAutoLogin',
  'disableThemeButton',
  'disableLanguageButton',
  'disableNotifications',
  'closeToTray',
  'disableProxyCredentialSaving',
  'blockDangerousDownloads',
]);

/** Lists: REG_MULTI_SZ (reg.exe shows the items joined by a literal "\0") or one REG_SZ. */
const LIST_FIELDS: ReadonlySet<Field> = new Set(['trustedCertificateFingerprints']);

function listValue(value: RegistryValue): string | undefined {
  if (value.type !== 'REG_MULTI_SZ') return stringValue(value);
  const items = value.data
    .split('\\0')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length === 0 ? undefined : items.join(';');
}

/** Fields written as REG_DWORD numbers (a decimal element in the ADMX). */
const NUMBER_FIELDS: ReadonlySet<Field> = new Set(['defaultZoom', 'autoLoginMaxDays']);

/** Machine policy first: a user cannot override what the administrator set for the machine. */
export const HIVE_ORDER: readonly RegistryHive[] = ['HKLM', 'HKCU'];

/** A DWORD or QWORD as reg.exe shows it (0x-hex or decimal); undefined for other types. */
function dwordValue(value: RegistryValue): number | undefined {
  if (value.type !== 'REG_DWORD' && value.type !== 'REG_QWORD') return undefined;
  const text = value.data.trim();
  const number = Number.parseInt(text, text.toLowerCase().startsWith('0x') ? 16 : 10);
  return Number.isNaN(number) ? undefined : number;
}

function booleanValue(value: RegistryValue): boolean | undefined {
  if (value.type === 'REG_DWORD' || value.type === 'REG_QWORD') {
    const number = dwordValue(value);
    return number === undefined ? undefined : number !== 0;
  }
  if (value.type === 'REG_SZ') {
    const text = value.data.trim().toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
  }
  return undefined;
}

/** StartAtLogin: DWORD 0 off, 1 shown, 2 hidden (the ADMX list), or the word itself. */
function startAtLoginValue(value: RegistryValue): StartAtLogin | undefined {
  const number = dwordValue(value);
  if (number !== undefined) return START_AT_LOGIN_VALUES[number];
  const text = value.type === 'REG_SZ' ? value.data.trim().toLowerCase() : undefined;
  return isStartAtLogin(text) ? text : undefined;
}

function numberValue(value: RegistryValue): number | undefined {
  const text = value.data.trim();
  if (value.type === 'REG_SZ' && /^\d{1,9}$/.test(text)) return Number(text);
  return dwordValue(value);
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
    if (field === 'startAtLogin') {
      const start = startAtLoginValue(value);
      if (start === undefined)
        warn(`Policy ${name}: ${value.type} "${value.data}" is not 0, 1 or 2`);
      else settings.startAtLogin = start;
    } else if (BOOLEAN_FIELDS.has(field)) {
      const flag = booleanValue(value);
      if (flag === undefined) warn(`Policy ${name}: ${value.type} "${value.data}" is not a flag`);
      else Object.assign(settings, { [field]: flag });
    } else if (NUMBER_FIELDS.has(field)) {
      const number = numberValue(value);
      if (number === undefined)
        warn(`Policy ${name}: ${value.type} "${value.data}" is not a number`);
      else Object.assign(settings, { [field]: number });
    } else {
      const text = LIST_FIELDS.has(field) ? listValue(value) : stringValue(value);
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

/**
 * The Recommended tier: HKLM then HKCU `Software\Policies\EduDesk\Recommended`, defaults of the
 * user's settings only (RECOMMENDABLE_FIELDS); the user's own choice overrides them.
 */
export async function readRecommendedPolicy(
  reader: RegistryReader,
  warn?: (message: string) => void,
): Promise<DeploymentSettings> {
  let policy: DeploymentSettings = {};
  for (const hive of HIVE_ORDER) {
    const values = await reader(hive, RECOMMENDED_KEY).catch(
      () => new Map<string, RegistryValue>(),
    );
    policy = mergeSettings(policy, settingsFromRegistry(values, warn));
  }
  return Object.fromEntries(
    Object.entries(policy).filter(([field]) => RECOMMENDABLE_FIELDS.has(field as Field)),
  );
}
