/**
 * The application's JSX runtime: its JSX compiles to `react/jsx-runtime`, which the app build
 * (vite.apps.config.ts) resolves to this module, so PH's React makes the elements.
 */
import { PH } from './ph';

type Props = Record<string, unknown>;

const createElement = PH.createElement as (type: unknown, props: Props) => unknown;

export function jsx(type: unknown, props: Props, key?: string): unknown {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export { jsx as jsxs };

export const Fragment = PH.React.Fragment;
