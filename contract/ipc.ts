/** Every IPC channel between the renderer and the Electron main process, in one registry. */
export const IPC = {
  getConfigFlags: 'edudesk:host:get-config-flags',
  loadRememberedLogin: 'edudesk:vault:load-remembered-login',
  saveRememberedLogin: 'edudesk:vault:save-remembered-login',
  clearRememberedLogin: 'edudesk:vault:clear-remembered-login',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
