/**
 * antd's form library (`@rc-component/form` and its validator) runs no code of its own when
 * imported: its index only attaches statics to its own Form, but its package does not say so.
 * antd's inputs import antd/es/form/context.js for a context, and that file imports the
 * library's index; told the library has no side effects, the bundler leaves it out of pages
 * that draw no antd Form, the login page among them (docs/performance.md).
 */
export const formLibrarySideEffects = [
  {
    test: /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/,
    sideEffects: false,
  },
];
