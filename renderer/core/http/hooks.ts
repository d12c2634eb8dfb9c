import type { Device } from '../../../contract/http-headers';
import type { LangType } from '../../../contract/languages';
import { detectDevice } from '../device';
import { currentLanguage } from '../i18n/instance';

export type NotifyType = 'success' | 'info' | 'warning' | 'error';

/**
 * What the request client needs from the application. The core has no UI, so toasts and the
 * login dialog are reached through these hooks, registered by the app with `configureHttp`.
 */
export interface HttpHooks {
  /** Shows a toast (spec §2 notification toasts). */
  notify(type: NotifyType, message: string, title?: string): void;
  /** Session lost (failed refresh) or a signed answer failed to verify: show the login. */
  onReloginRequired(reason: string): void;
  /** The language header's value and the language of the client's own messages. */
  getLanguage(): LangType;
  /** The current app code header's value (spec §3 prePath). */
  getAppCode(): string;
  getDevice(): Device;
}

let memoDevice: Device | undefined;

function defaultDevice(): Device {
  // The user agent does not change during a page's life.
  memoDevice ??= detectDevice();
  return memoDevice;
}

const defaults: HttpHooks = {
  notify: () => undefined,
  onReloginRequired: () => undefined,
  getLanguage: currentLanguage,
  getAppCode: () => '',
  getDevice: defaultDevice,
};

let hooks: HttpHooks = { ...defaults };

/** Replaces the given hooks; the others keep their current value. */
export function configureHttp(partial: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...partial };
}

export function httpHooks(): HttpHooks {
  return hooks;
}

export function resetHttpHooks(): void {
  hooks = { ...defaults };
}
