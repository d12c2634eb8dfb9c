import type { RememberedLogin } from '../../contract/host';
import { isClientId, isRememberedLogin } from '../../contract/ipc';
import { decideVaultStatus, type Encryption, type VaultStatus } from './keyring-policy';

/** Where sealed entries live: one opaque string per server origin (electron-store on disk). */
export interface VaultStore {
  read(): Record<string, string>;
  write(entries: Record<string, string>): void;
}

/** What one origin's entry holds once opened. */
interface VaultEntry {
  /** savedAt: when the password was remembered (ms); missing in entries of older versions. */
  login?: { username: string; password: string; savedAt?: number };
  clientId?: string;
  /** A proxy's sign-in, in an entry of its own keyed "proxy:<host>:<port>". */
  proxy?: { username: string; password: string };
}

export interface Vault {
  status(): Promise<VaultStatus>;
  loadLogin(origin: string): Promise<RememberedLogin | null>;
  /** Stores the record; `remember: false` forgets the login instead. */
  saveLogin(origin: string, record: RememberedLogin): Promise<void>;
  clearLogin(origin: string): Promise<void>;
  loadClientId(origin: string): Promise<string | null>;
  saveClientId(origin: string, clientId: string): Promise<void>;
  /** Forgets everything kept for the origin (on logout). */
  forget(origin: string): Promise<void>;
  /** A proxy's sign-in (main/network/proxy-login.ts), by "host:port". */
  loadProxyLogin(proxy: string): Promise<{ username: string; password: string } | null>;
  saveProxyLogin(proxy: string, credentials: { username: string; password: string }): Promise<void>;
  clearProxyLogin(proxy: string): Promise<void>;
}

/** The store key of a proxy's entry: never a server origin, which has a scheme and "//". */
const proxyEntryKey = (proxy: string) => `proxy:${proxy}`;

function isCredentials(value: unknown): value is { username: string; password: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { username, password } = value as Record<string, unknown>;
  return typeof username === 'string' && typeof password === 'string';
}

const FORMAT = 1;

function parseEntry(text: string, origin: string): VaultEntry | null {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  // The origin is sealed inside: an entry copied under another origin's key does not open.
  if (raw.v !== FORMAT || raw.origin !== origin) return null;
  const entry: VaultEntry = {};
  if (raw.login !== undefined) {
    const login = { remember: true, ...(raw.login as object) };
    if (!isRememberedLogin(login)) return null;
    entry.login = { username: login.username, password: login.password };
    const savedAt = (raw.login as { savedAt?: unknown }).savedAt;
    if (typeof savedAt === 'number' && Number.isFinite(savedAt)) entry.login.savedAt = savedAt;
  }
  if (raw.clientId !== undefined) {
    if (!isClientId(raw.clientId)) return null;
    entry.clientId = raw.clientId;
  }
  if (raw.proxy !== undefined) {
    if (!isCredentials(raw.proxy)) return null;
    entry.proxy = { username: raw.proxy.username, password: raw.proxy.password };
  }
  return entry;
}

/**
 * The credential vault: per server origin, the remembered login (spec §3) and the saved client
 * id, sealed together with the OS's encryption (safeStorage: DPAPI, Keychain, libsecret) and
 * kept as base64 in the store. Nothing readable reaches the disk; the keyring policy
 * (keyring-policy.ts) decides what happens without an OS keyring. Operations run one at a time,
 * so two calls from a page (save login, save client id) cannot overwrite each other.
 */
export function createVault(options: {
  store: VaultStore;
  encryption: Encryption;
  platform: NodeJS.Platform;
  warn?: (message: string) => void;
  /** Policy AutoLoginMaxDays: a password remembered longer ago is not handed out (null: no limit). */
  autoLoginMaxDays?: () => number | null;
  now?: () => number;
}): Vault {
  const { store, encryption, platform } = options;
  const warn = options.warn ?? (() => undefined);
  const now = options.now ?? Date.now;
  let status: Promise<VaultStatus> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(operation: () => Promise<T>): Promise<T> {
    const result = queue.then(operation, operation);
    queue = result.catch(() => undefined);
    return result;
  }

  function currentStatus(): Promise<VaultStatus> {
    status ??= decideVaultStatus(platform, encryption).then((decided) => {
      if (!decided.available) {
        warn(`Credential vault unavailable (${decided.reason}): nothing is remembered on disk`);
      }
      return decided;
    });
    return status;
  }

  function remove(origin: string): void {
    const entries = store.read();
    if (!Object.hasOwn(entries, origin)) return;
    store.write(Object.fromEntries(Object.entries(entries).filter(([key]) => key !== origin)));
  }

  async function seal(origin: string, entry: VaultEntry): Promise<void> {
    if (entry.login === undefined && entry.clientId === undefined && entry.proxy === undefined) {
      remove(origin);
      return;
    }
    if (!(await currentStatus()).available) {
      remove(origin);
      return;
    }
    const text = JSON.stringify({ v: FORMAT, origin, ...entry });
    const sealed = (await encryption.encryptStringAsync(text)).toString('base64');
    store.write({ ...store.read(), [origin]: sealed });
  }

  async function open(origin: string): Promise<VaultEntry | null> {
    const sealed = store.read()[origin];
    if (sealed === undefined) return null;
    // Unavailable now (keyring locked or gone) may be available later: keep the entry.
    if (!(await currentStatus()).available) return null;
    try {
      const opened = await encryption.decryptStringAsync(Buffer.from(sealed, 'base64'));
      const entry = parseEntry(opened.result, origin);
      if (entry) {
        // The OS rotated its key: seal the entry again under the new one.
        if (opened.shouldReEncrypt) await seal(origin, entry);
        return entry;
      }
    } catch {
      // Falls through: an entry that does not decrypt never will (another user, another key).
    }
    warn(`Removing an unreadable vault entry for ${origin}`);
    remove(origin);
    return null;
  }

  return {
    status: currentStatus,
    loadLogin: (origin) =>
      serial(async () => {
        const entry = await open(origin);
        const login = entry?.login;
        if (!entry || !login) return null;
        if (login.savedAt === undefined) {
          // An entry from before AutoLoginMaxDays: its age counts from now (docs/desktop-client.md).
          login.savedAt = now();
          await seal(origin, entry);
        }
        if (isTooOld(login.savedAt, options.autoLoginMaxDays?.() ?? null, now())) {
          // The user types the password again (the username stays filled in); saving the login
          // after that remembers it anew.
          if (login.password !== '') {
            login.password = '';
            await seal(origin, entry);
          }
          return { remember: true, username: login.username, password: '' };
        }
        return { remember: true, username: login.username, password: login.password };
      }),
    saveLogin: (origin, record) =>
      serial(async () => {
        const entry = (await open(origin)) ?? {};
        if (record.remember) {
          entry.login = { username: record.username, password: record.password, savedAt: now() };
        } else delete entry.login;
        await seal(origin, entry);
      }),
    clearLogin: (origin) =>
      serial(async () => {
        const entry = await open(origin);
        if (!entry) {
          remove(origin);
          return;
        }
        delete entry.login;
        await seal(origin, entry);
      }),
    loadClientId: (origin) => serial(async () => (await open(origin))?.clientId ?? null),
    saveClientId: (origin, clientId) =>
      serial(async () => {
        const entry = (await open(origin)) ?? {};
        entry.clientId = clientId;
        await seal(origin, entry);
      }),
    forget: (origin) =>
      serial(() => {
        remove(origin);
        return Promise.resolve();
      }),
    loadProxyLogin: (proxy) =>
      serial(async () => (await open(proxyEntryKey(proxy)))?.proxy ?? null),
    saveProxyLogin: (proxy, credentials) =>
      serial(() =>
        seal(proxyEntryKey(proxy), {
          proxy: { username: credentials.username, password: credentials.password },
        }),
      ),
    clearProxyLogin: (proxy) =>
      serial(() => {
        remove(proxyEntryKey(proxy));
        return Promise.resolve();
      }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when a password saved at `savedAt` is older than `maxDays` days (null or 0: no limit). */
export function isTooOld(savedAt: number, maxDays: number | null, now: number): boolean {
  if (maxDays === null || maxDays <= 0) return false;
  return now - savedAt > maxDays * DAY_MS;
}

/** An in-memory store (tests, and a vault that must not touch the disk). */
export function createMemoryVaultStore(initial: Record<string, string> = {}): VaultStore {
  let entries = { ...initial };
  return {
    read: () => ({ ...entries }),
    write(next) {
      entries = { ...next };
    },
  };
}
