import type { HostApi, HostConfigFlags, RememberedLogin } from '../../contract/host';

/**
 * A desktop bridge standing in for the Electron preload in renderer tests (the Electron binary
 * cannot run here): it answers like the client, with what the test gives it.
 */
export function fakeDesktopHost(
  options: { remembered?: RememberedLogin | null; flags?: Partial<HostConfigFlags> } = {},
): HostApi {
  const flags: HostConfigFlags = {
    disableAutoLogin: false,
    disableThemeButton: false,
    disableLanguageButton: false,
    ...options.flags,
  };
  return {
    kind: 'desktop',
    getConfigFlags: () => Promise.resolve(flags),
    loadRememberedLogin: () => Promise.resolve(options.remembered ?? null),
    saveRememberedLogin: () => Promise.resolve(),
    clearRememberedLogin: () => Promise.resolve(),
    loadClientId: () => Promise.resolve(null),
    saveClientId: () => Promise.resolve(),
    onLoggedOut: () => Promise.resolve(),
    logoutHook: () => Promise.resolve(true),
  };
}
