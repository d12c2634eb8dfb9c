// The boot's third stage (boot.ts): antd's provider, theme and notifications, with the layer's
// own provider.
export { AppProvider } from '../ui/app-provider/app-provider';
