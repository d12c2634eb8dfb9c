import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  antdStylesheet,
  componentsToExtract,
  importedAntdNames,
  LOGIN_COMPONENTS,
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

  it('gives the other pages every other component the renderer imports', () => {
    const css = antdStylesheet('app', rendererDir);
    for (const component of ['drawer', 'table', 'dropdown', 'badge', 'upload', 'tree']) {
      expect(css).toContain(`.ant-${component}`);
    }
    expect(LOGIN_COMPONENTS).toContain('Button');
    // The login set's components are not repeated.
    expect(css).not.toMatch(/(^|\})\.ant-btn\{/);
  });
});
