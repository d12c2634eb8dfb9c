/** The header feature's front door: the buttons and texts the shells and pages place. */
export { unreadCountsQuery } from './api';
export { FullscreenToggle } from './fullscreen-toggle';
export { HeaderButton } from './header-button';
export { LogoutButton } from './logout-button';
export { MessageBell } from './message-bell';
export { WelcomeText } from './welcome-text';
