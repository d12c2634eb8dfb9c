import { describe, expect, it } from 'vitest';
import { moduleGroup } from './chunk-modules';

describe('the groups a chunk is counted in', () => {
  const root = '/repo';

  it('counts a package once, antd by component and a scoped package by its full name', () => {
    expect(moduleGroup('/repo/node_modules/react-dom/cjs/react-dom.production.js', root)).toBe(
      'react-dom',
    );
    expect(moduleGroup('/repo/node_modules/antd/es/table/Table.js', root)).toBe('antd/table');
    expect(moduleGroup('/repo/node_modules/@rc-component/table/es/Table.js', root)).toBe(
      '@rc-component/table',
    );
  });

  it('counts the sources by folder, and what lies elsewhere as other', () => {
    expect(moduleGroup('/repo/renderer/ui/upload/upload-panel.tsx', root)).toBe(
      'renderer/ui/upload',
    );
    expect(moduleGroup('/repo/renderer/ph/index.tsx?v=1', root)).toBe('renderer/ph');
    expect(moduleGroup('\0rolldown/runtime.js', root)).toBe('other');
  });
});
