// The boot's first stage (main.tsx): React and React DOM.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
