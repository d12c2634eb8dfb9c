/** The attention feature's front door: the desktop's poll of new items, and its browser switch. */
export { BrowserNotificationsSwitch } from './browser-notifications-switch';
export { useAttention, type AttentionSources } from './use-attention';
