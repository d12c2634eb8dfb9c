/**
 * The JSX runtime of the application: its JSX compiles to calls of `react/jsx-runtime`, which
 * vite.apps.config.ts resolves to this module, so elements are made by PH's React
 * (PH.createElement) and no React is bundled. TypeScript checks the JSX against React's types,
 * which are PH's React's.
 */
import { PH } from './ph';

type Props = Record<string, unknown>;

const createElement = PH.createElement as (type: unknown, props: Props) => unknown;

/** An element with its children in `props.children` (createElement keeps them there). */
export function jsx(type: unknown, props: Props, key?: string): unknown {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export { jsx as jsxs };

export const Fragment = PH.React.Fragment;
