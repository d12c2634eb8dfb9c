// The boot's second stage (main.tsx): React and React DOM.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
