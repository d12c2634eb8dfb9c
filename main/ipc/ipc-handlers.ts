import type { IpcMain } from 'electron';
import type { HostConfigFlags, HostNotification, HostUpdateStatus } from '../../contract/host';
import {
  IPC,
  isBadgeCount,
  isClientId,
  isHostNotification,
  isLogoutReason,
  isRememberedLogin,
  type IpcArguments,
  type IpcChannel,
  type IpcResults,
} from '../../contract/ipc';
import { isPlatformRoute } from '../../contract/platform-route';
import type { Vault } from '../vault/vault';
import { isPlatformSender, type IpcSenderEvent } from './sender';

/** What the handlers need from the rest of main. */
export interface HostServices {
  /** The configured platform origin, or null before the first run chose one. */
  platformOrigin(): string | null;
  flags(): HostConfigFlags;
  /** The client id set by policy or config.json (wins over a saved one). */
  deploymentClientId(): string | null;
  vault: Vault;
  /** Takes the user to a login (the relogin window); true when it did. */
  logoutHook(origin: string, reason: string, event: IpcSenderEvent): boolean;
  /** The taskbar badge: unread messages + to-dos (main/attention/badge.ts). */
  setBadgeCount(count: number): void;
  /** A native notification whose click opens a platform route (main/attention/notifier.ts). */
  notify(notification: HostNotification): void;
  /** Client updates (main/updates/updater.ts); none before they are wired. */
  updates?: { status(): HostUpdateStatus; restartToUpdate(): void };
}

export type IpcHandler = (event: IpcSenderEvent, ...args: unknown[]) => unknown;
export type IpcHandlers = Record<IpcChannel, IpcHandler>;

/** Thrown to the page (as a rejected promise) when a call is refused. */
export class IpcRefusedError extends Error {
  constructor(channel: string, why: string) {
    super(`Refused ${channel}: ${why}`);
    this.name = 'IpcRefusedError';
  }
}

interface ChannelSpec<C extends IpcChannel> {
  /** Checks the raw arguments; null refuses the call. */
  args(raw: unknown[]): IpcArguments[C] | null;
  run(
    origin: string,
    args: IpcArguments[C],
    event: IpcSenderEvent,
  ): IpcResults[C] | Promise<IpcResults[C]>;
}

const none = (raw: unknown[]): [] | null => (raw.length === 0 ? [] : null);

function one<T>(guard: (value: unknown) => value is T) {
  return (raw: unknown[]): [T] | null => (raw.length === 1 && guard(raw[0]) ? [raw[0]] : null);
}

/** A notification whose click may only open a route of the platform (platform-route.ts). */
function isPlatformNotification(value: unknown): value is HostNotification {
  return isHostNotification(value) && isPlatformRoute(value.route);
}

/**
 * Every handler, each guarded the same way before it runs: the sender must be a frame of the
 * platform origin (sender.ts), and the arguments must be exactly what contract/ipc.ts says; a
 * refused call throws before anything is read or written. The origin the vault is keyed by is
 * the configured one, never something the page sends.
 */
export function createIpcHandlers(
  services: HostServices,
  warn: (message: string) => void = () => undefined,
): IpcHandlers {
  const { vault } = services;
  const specs: { [C in IpcChannel]: ChannelSpec<C> } = {
    [IPC.getConfigFlags]: { args: none, run: () => ({ ...services.flags() }) },
    [IPC.loadRememberedLogin]: { args: none, run: (origin) => vault.loadLogin(origin) },
    [IPC.saveRememberedLogin]: {
      args: one(isRememberedLogin),
      run: async (origin, [record]) => {
        await vault.saveLogin(origin, record);
        return undefined;
      },
    },
    [IPC.clearRememberedLogin]: {
      args: none,
      run: async (origin) => {
        await vault.clearLogin(origin);
        return undefined;
      },
    },
    [IPC.loadClientId]: {
      args: none,
      run: async (origin) => services.deploymentClientId() ?? (await vault.loadClientId(origin)),
    },
    [IPC.saveClientId]: {
      args: one(isClientId),
      run: async (origin, [clientId]) => {
        await vault.saveClientId(origin, clientId);
        return undefined;
      },
    },
    [IPC.onLoggedOut]: {
      args: none,
      run: async (origin) => {
        await vault.forget(origin);
        return undefined;
      },
    },
    [IPC.logoutHook]: {
      args: one(isLogoutReason),
      run: (origin, [reason], event) => services.logoutHook(origin, reason, event),
    },
    [IPC.setBadgeCount]: {
      args: one(isBadgeCount),
      run: (_origin, [count]) => {
        services.setBadgeCount(count);
        return undefined;
      },
    },
    [IPC.notify]: {
      args: one(isPlatformNotification),
      run: (_origin, [{ title, body, route }]) => {
        services.notify({ title, body, route });
        return undefined;
      },
    },
    [IPC.getUpdateStatus]: {
      args: none,
      run: () => services.updates?.status() ?? { state: 'none' },
    },
    [IPC.restartToUpdate]: {
      args: none,
      run: () => {
        services.updates?.restartToUpdate();
        return undefined;
      },
    },
  };

  function guard<C extends IpcChannel>(channel: C, spec: ChannelSpec<C>): IpcHandler {
    return (event, ...raw) => {
      const origin = services.platformOrigin();
      if (origin === null || !isPlatformSender(event, origin)) {
        warn(`IPC ${channel} refused: sender ${event.senderFrame?.url ?? '(gone)'}`);
        throw new IpcRefusedError(channel, 'not the platform origin');
      }
      const args = spec.args(raw);
      if (args === null) {
        warn(`IPC ${channel} refused: invalid arguments`);
        throw new IpcRefusedError(channel, 'invalid arguments');
      }
      return spec.run(origin, args, event);
    };
  }

  const handlers = {} as IpcHandlers;
  for (const channel of Object.values(IPC)) {
    handlers[channel] = guard(channel, specs[channel] as ChannelSpec<typeof channel>);
  }
  return handlers;
}

/** One `ipcMain.handle` per channel. */
export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, handlers: IpcHandlers): void {
  for (const [channel, handler] of Object.entries(handlers)) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => handler(event, ...args));
  }
}
