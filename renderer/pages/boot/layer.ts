// The boot's second stage (main.tsx): i18next with the built-in dictionaries, and the request
// client (axios).
export { i18n } from '../../core/i18n/instance';
export { httpInstance } from '../../core/http/client';
