import { describe, expect, it } from 'vitest';
import {
  bootStageFiles,
  landingPageHtml,
  pageFiles,
  startScripts,
  type PageFilesBundle,
} from './page-files';

const chunk = (
  fileName: string,
  imports: string[],
  options: { facade?: string; entry?: boolean; css?: string[]; dynamic?: string[] } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId: options.facade ?? null,
  isEntry: options.entry ?? false,
  imports,
  dynamicImports: options.dynamic ?? [],
  viteMetadata: { importedCss: new Set(options.css ?? []) },
});

const bundle: PageFilesBundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], {
    facade: '/src/main.tsx',
    entry: true,
    css: ['assets/index.css'],
    // The boot stages.
    dynamic: ['assets/framework.js', 'assets/bootstrap.js'],
  }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/framework.js': chunk('assets/framework.js', ['assets/react.js', 'assets/react-dom.js']),
  'assets/react-dom.js': chunk('assets/react-dom.js', ['assets/react.js']),
  'assets/bootstrap.js': chunk('assets/bootstrap.js', ['assets/react-dom.js'], {
    css: ['assets/bootstrap.css'],
    // A page: not a boot stage of the entry's.
    dynamic: ['assets/desktop-page.js'],
  }),
  'assets/desktop-page.js': chunk(
    'assets/desktop-page.js',
    ['assets/react.js', 'assets/shell.js'],
    { facade: '/src/pages/desktop/desktop-page.tsx', css: ['assets/desktop.css'] },
  ),
  'assets/shell.js': chunk('assets/shell.js', ['assets/menu.js', 'assets/react-dom.js'], {
    css: ['assets/shell.css'],
  }),
  'assets/menu.js': chunk('assets/menu.js', ['assets/shell.js']),
  // A lazy part of the desktop (a dynamic import): not in its list.
  'assets/todo-panel.js': chunk('assets/todo-panel.js', ['assets/react.js'], {
    facade: '/src/features/todo/todo-panel.tsx',
  }),
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
};

describe('bootStageFiles', () => {
  it("lists the entry's boot stages with their static closures and styles, not the entry's own files", () => {
    expect(bootStageFiles(bundle, '/web/')).toEqual([
      '/web/assets/framework.js',
      '/web/assets/react-dom.js',
      '/web/assets/bootstrap.js',
      '/web/assets/bootstrap.css',
    ]);
  });
});

describe('startScripts', () => {
  it("is every script a page runs as it starts (the entry's, the boot stages', the page's), never a lazy one", () => {
    expect(
      [...startScripts(bundle, { desktop: '/src/pages/desktop/desktop-page.tsx' })].sort(),
    ).toEqual([
      'assets/bootstrap.js',
      'assets/desktop-page.js',
      'assets/framework.js',
      'assets/index.js',
      'assets/menu.js',
      'assets/react-dom.js',
      'assets/react.js',
      'assets/shell.js',
    ]);
  });

  it('fails the build when a page has no chunk of its own', () => {
    expect(() => startScripts(bundle, { gone: '/src/pages/gone.tsx' })).toThrow(
      /no chunk for gone/,
    );
  });
});

describe('pageFiles', () => {
  it("lists a page chunk's static closure and its styles, without what the boot loaded", () => {
    expect(pageFiles(bundle, { desktop: '/src/pages/desktop/desktop-page.tsx' }, '/')).toEqual({
      desktop: [
        '/assets/desktop-page.js',
        '/assets/desktop.css',
        '/assets/shell.js',
        '/assets/shell.css',
        '/assets/menu.js',
      ],
    });
  });

  it('puts the configured base in front', () => {
    expect(
      pageFiles(bundle, { desktop: '/src/pages/desktop/desktop-page.tsx' }, '/web/').desktop?.[0],
    ).toBe('/web/assets/desktop-page.js');
  });

  it('fails the build when a page has no chunk of its own', () => {
    expect(() => pageFiles(bundle, { desktop: '/src/pages/desktop/gone.tsx' })).toThrow(
      /no chunk for desktop/,
    );
  });
});

describe('landingPageHtml', () => {
  const html =
    '<!doctype html>\n<html>\n  <head>\n    <link rel="stylesheet" href="/assets/index.css">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

  it("links the page's styles as stylesheets and its scripts as module preloads, after the entry's", () => {
    const page = landingPageHtml(html, ['/assets/desktop-page.js', '/assets/desktop.css']);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.indexOf('/assets/index.css')).toBeLessThan(head.indexOf('/assets/desktop.css'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/desktop-page.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/desktop.css">');
    expect(page.slice(page.indexOf('</head>'))).toBe(html.slice(html.indexOf('</head>')));
    expect(landingPageHtml(html, [])).toBe(html);
  });

  it('escapes what it writes into attributes, and refuses HTML without a head', () => {
    expect(landingPageHtml(html, ['/assets/a"><script>x</script>.js'])).toContain(
      'href="/assets/a&quot;>&lt;script>x&lt;/script>.js"',
    );
    expect(() => landingPageHtml('<html><body></body></html>', ['/a.js'])).toThrow(/no <\/head>/);
  });
});
