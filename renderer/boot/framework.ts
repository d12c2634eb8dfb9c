// The boot's second stage (boot.ts): React and React DOM.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
