import type { HostConfigFlags } from '../../contract/host';
import { isClientId } from '../../contract/ipc';
import type { DeploymentSettings } from './policy';
import { parseServerUrl } from './server-url';

export type ServerSource = 'policy' | 'config' | 'user';

export interface Deployment {
  /** The platform server, or null: the first-run page asks the user. */
  server: { origin: string; url: string; source: ServerSource } | null;
  /** True when policy or config.json set the server: the user cannot change it. */
  serverLocked: boolean;
  flags: HostConfigFlags;
  /** The installation's user-client id from policy or config.json (spec §4 step 2). */
  clientId: string | null;
  /** Downloads, zoom and the remembered login's age (docs/desktop-client.md). */
  client: ClientPolicies;
}

export interface ClientPolicies {
  /** DownloadDirectory as set (environment variables not yet expanded). */
  downloadDirectory: string | null;
  /** BlockDangerousDownloads: on unless an administrator turns it off. */
  blockDangerousDownloads: boolean;
  /** DefaultZoom in percent, or null. */
  defaultZoom: number | null;
  /** AutoLoginMaxDays, or null (0 or unset: no limit). */
  autoLoginMaxDays: number | null;
}

export interface DeploymentSources {
  policy: DeploymentSettings;
  config: DeploymentSettings;
  /** The server the user chose on the first-run page (kept in the settings store). */
  userChoice?: string | undefined;
}

/**
 * The order of docs/desktop-client.md: Windows policy, then config.json, then the user's choice. An
 * invalid value is reported and skipped, so a typo falls through to the next source instead of
 * leaving the client unable to start. Administrators may choose plain http (an intranet server);
 * the user's choice must be https unless it is loopback (server-url.ts).
 */
export function resolveDeployment(
  sources: DeploymentSources,
  warn: (message: string) => void = () => undefined,
): Deployment {
  const admin: [ServerSource, DeploymentSettings][] = [
    ['policy', sources.policy],
    ['config', sources.config],
  ];
  let server: Deployment['server'] = null;
  for (const [source, settings] of admin) {
    if (settings.serverUrl === undefined) continue;
    const parsed = parseServerUrl(settings.serverUrl, { allowInsecure: true });
    if (parsed.ok) {
      server = { origin: parsed.origin, url: parsed.url, source };
      break;
    }
    warn(`Ignoring the ${source} server URL "${settings.serverUrl}": ${parsed.error}`);
  }
  const serverLocked = server !== null;
  if (!server && sources.userChoice !== undefined) {
    const parsed = parseServerUrl(sources.userChoice);
    if (parsed.ok) server = { origin: parsed.origin, url: parsed.url, source: 'user' };
  }

  const pick = <K extends keyof DeploymentSettings>(field: K): DeploymentSettings[K] =>
    sources.policy[field] ?? sources.config[field];
  let clientId: string | null = null;
  for (const [source, settings] of admin) {
    if (settings.clientId === undefined) continue;
    if (isClientId(settings.clientId)) {
      clientId = settings.clientId;
      break;
    }
    warn(`Ignoring the ${source} client id: not a valid id`);
  }

  const maxDays = pick('autoLoginMaxDays');
  return {
    server,
    serverLocked,
    flags: {
      disableAutoLogin: pick('disableAutoLogin') ?? false,
      disableThemeButton: pick('disableThemeButton') ?? false,
      disableLanguageButton: pick('disableLanguageButton') ?? false,
    },
    clientId,
    client: {
      downloadDirectory: pick('downloadDirectory') ?? null,
      blockDangerousDownloads: pick('blockDangerousDownloads') ?? true,
      defaultZoom: pick('defaultZoom') ?? null,
      autoLoginMaxDays: maxDays === undefined || maxDays === 0 ? null : maxDays,
    },
  };
}
