import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  antdStylesheet,
  APP_SET_IMPORT,
  componentsToExtract,
  DESKTOP_COMPONENTS,
  drawnOutside,
  importedAntdNames,
  LOGIN_COMPONENTS,
  setComponents,
  usesNumberedColumns,
  withoutNumberedColumns,
} from './antd-static-styles';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer');

describe('the components whose styles are built', () => {
  it('adds what a component draws inside itself, transitively, and skips non-components', () => {
    const wanted = componentsToExtract(['Table', 'ConfigProvider', 'theme']);
    // Table draws a Pagination, which draws a Select, which draws an Empty.
    expect(wanted).toEqual(expect.arrayContaining(['Table', 'Pagination', 'Select', 'Empty']));
    expect(wanted).not.toContain('ConfigProvider');
    expect(wanted).not.toContain('theme');
  });

  it('reads the names a source imports from antd, types and aliases included', () => {
    const source = [
      "import { Button, type ButtonProps, Modal as Dialog } from 'antd';",
      "import {\n  Drawer,\n  Empty,\n} from 'antd';",
      "import { Other } from 'elsewhere';",
    ].join('\n');
    expect(importedAntdNames([source])).toEqual(['Button', 'Drawer', 'Empty', 'Modal']);
  });
});

describe('the numbered grid columns', () => {
  it('drops rules whose every selector is a numbered column, and keeps the rest', () => {
    const css =
      '.ant-row{display:flex}.ant-col{min-height:1px}.ant-col-8{flex:0 0 33%}' +
      '@media (min-width:768px){.ant-col-md-offset-2{margin-inline-start:8%}}' +
      '.ant-col-24.ant-form-item-label,.ant-form-item{margin:0}';
    const kept = withoutNumberedColumns(css);
    expect(kept).toContain('.ant-row{display:flex}');
    expect(kept).toContain('.ant-col{min-height:1px}');
    expect(kept).not.toContain('.ant-col-8');
    expect(kept).not.toContain('.ant-col-md-offset-2');
    // A list with one other selector stays whole.
    expect(kept).toContain('.ant-col-24.ant-form-item-label,.ant-form-item{margin:0}');
  });

  it('keeps them when a source spans columns', () => {
    expect(usesNumberedColumns(['<Form labelCol={{ span: 6 }} />'])).toBe(true);
    expect(usesNumberedColumns(["import { Col } from 'antd';"])).toBe(true);
    expect(usesNumberedColumns(["import { Form } from 'antd';"])).toBe(false);
  });
});

describe('the built stylesheets (antd extracted in Node)', () => {
  it('gives the login set the login components, in the antd layer, reading the theme variables', () => {
    const css = antdStylesheet('login', rendererDir);
    expect(css.startsWith('@layer reset, antd;\n@layer antd {')).toBe(true);
    for (const component of ['btn', 'input', 'form', 'checkbox', 'modal', 'notification']) {
      expect(css).toContain(`.ant-${component}`);
    }
    // The theme reaches the rules through antd's CSS variables (set at run time).
    expect(css).toContain('var(--ant-color-primary)');
    expect(css).not.toContain('.ant-drawer');
    expect(css).not.toMatch(/\.ant-col-8\{/);
  });

  it('gives the desktops what they add to the login set, and nothing of the app set', () => {
    const css = antdStylesheet('desktop', rendererDir);
    for (const component of ['drawer', 'dropdown', 'menu', 'badge', 'radio', 'descriptions']) {
      expect(css).toContain(`.ant-${component}`);
    }
    expect(css).not.toContain('.ant-table');
    expect(css).not.toMatch(/(^|\})\.ant-btn\{/);
  });

  it('gives the other pages every other component the renderer imports', () => {
    const css = antdStylesheet('app', rendererDir);
    for (const component of ['table', 'upload', 'tree', 'pagination']) {
      expect(css).toContain(`.ant-${component}`);
    }
    expect(LOGIN_COMPONENTS).toContain('Button');
    // Neither the login set's components nor the desktops' are repeated.
    expect(css).not.toMatch(/(^|\})\.ant-btn\{/);
    expect(css).not.toMatch(/(^|\})\.ant-drawer\{/);
    expect(css).not.toMatch(/(^|\})\.ant-badge\{/);
  });
});

describe('the sets and the check of what a page draws', () => {
  it('splits the components into three sets that do not overlap', () => {
    const imported = ['Table', 'Drawer', 'Button', 'Upload', 'Badge'];
    const login = setComponents('login', imported);
    const desktop = setComponents('desktop', imported);
    const app = setComponents('app', imported);
    expect(desktop).toEqual(expect.arrayContaining([...DESKTOP_COMPONENTS, 'Menu']));
    expect(app).toEqual(expect.arrayContaining(['Table', 'Upload', 'Pagination']));
    for (const name of desktop) expect(login.concat(app)).not.toContain(name);
    for (const name of app) expect(login).not.toContain(name);
  });

  it('reports what a page or its lazy modules draw outside the sets, unless they bring the app set', () => {
    const root = '/r';
    const files: Record<string, string> = {
      '/r/page.tsx': "import { Drawer } from 'antd';",
      '/r/lazy-panel.tsx': "import { Badge, Table } from 'antd';",
      '/r/picker.tsx': `${APP_SET_IMPORT}\nimport { Table } from 'antd';`,
      '/r/picker-part.tsx': "import { Upload } from 'antd';",
    };
    const imports: Record<string, string[]> = {
      '/r/page.tsx': ['/r/lazy-panel.tsx', '/r/picker.tsx', '/elsewhere/antd.js'],
      '/r/picker.tsx': ['/r/picker-part.tsx'],
    };
    const missing = drawnOutside(
      ['/r/page.tsx'],
      new Set(['Drawer', 'Badge']),
      root,
      (id) => imports[id] ?? [],
      (id) => files[id] ?? '',
    );
    // The picker brings the app set: neither it nor what it imports is reported.
    expect([...missing]).toEqual(['Table (lazy-panel.tsx)']);
  });
});
