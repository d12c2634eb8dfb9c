import { describe, expect, it } from 'vitest';
import { decodeEntities, parseTable, TABLE_LIMITS, TableTooLargeError } from './table-export-html';

function texts(html: string): (string | null)[][] | undefined {
  return parseTable(html)?.rows.map((row) => row.map((cell) => cell?.text ?? null));
}

describe('parseTable', () => {
  it('reads header and body cells of the first table', () => {
    const html = `<div><table class="el-table">
      <thead><tr><th>姓名</th><th>成绩</th></tr></thead>
      <tbody><tr><td> 张小明 </td><td>98</td></tr><tr><td>张小红</td><td>87.5</td></tr></tbody>
    </table><table><tr><td>second table</td></tr></table></div>`;
    expect(texts(html)).toEqual([
      ['姓名', '成绩'],
      ['张小明', '98'],
      ['张小红', '87.5'],
    ]);
    expect(parseTable(html)?.rows[0]?.[0]).toEqual({ text: '姓名', header: true });
    expect(parseTable(html)?.rows[1]?.[0]).toEqual({ text: '张小明', header: false });
  });

  it('lays out colspan and rowspan like a browser and reports the merges', () => {
    const html = `<table>
      <tr><th colspan="2">一年级</th><th rowspan=2>合计</th></tr>
      <tr><th>男</th><th>女</th></tr>
      <tr><td>10</td><td>12</td><td>22</td></tr>
    </table>`;
    const table = parseTable(html);
    expect(table?.columns).toBe(3);
    expect(texts(html)).toEqual([
      ['一年级', null, '合计'],
      ['男', '女', null],
      ['10', '12', '22'],
    ]);
    expect(table?.merges).toEqual([
      { top: 0, left: 0, bottom: 0, right: 1 },
      { top: 0, left: 2, bottom: 1, right: 2 },
    ]);
  });

  it('keeps text only: entities decoded, line breaks kept, script and comments dropped', () => {
    const html = `<table><tr>
      <td>A &amp; B &lt;x&gt; &#20320;&#x597D;&nbsp;!</td>
      <td>line 1<br>line 2<br/>line 3</td>
      <td><span onclick="x()">kept</span><script>alert(1)</script><!-- hidden --></td>
      <td><style>td{}</style><table><tr><td>nested</td></tr></table></td>
    </tr></table>`;
    expect(texts(html)).toEqual([['A & B <x> 你好 !', 'line 1\nline 2\nline 3', 'kept', 'nested']]);
  });

  it('answers undefined without a table, and caps hostile spans', () => {
    expect(parseTable('<div>no table</div>')).toBeUndefined();
    expect(parseTable('')).toBeUndefined();
    const huge = parseTable('<table><tr><td colspan="999999999" rowspan="99">x</td></tr></table>');
    expect(huge?.columns).toBe(TABLE_LIMITS.span);
    expect(huge?.rows).toHaveLength(1);
  });

  it('refuses a grid over the cell limit, counting spans, before filling it', () => {
    const wide = `<table>${'<tr><td colspan=500>x</td></tr>'.repeat(2000)}</table>`;
    expect(() => parseTable(wide)).toThrow(TableTooLargeError);
    expect(() => parseTable(wide)).toThrow(/cells/);
    // Exactly at the limit: 200 rows × 500 columns.
    const full = parseTable(`<table>${'<tr><td colspan=500>x</td></tr>'.repeat(200)}</table>`);
    expect(full?.rows.length).toBe(200);
    expect(full?.columns).toBe(500);
    expect(TABLE_LIMITS.cells).toBe(100_000);
    // Many plain cells: refused while reading, before the layout.
    const cells = `<table>${`<tr>${'<td>1</td>'.repeat(400)}</tr>`.repeat(251)}</table>`;
    expect(() => parseTable(cells)).toThrow(TableTooLargeError);
  });

  it('refuses more merges than the limit', () => {
    const html = (n: number) =>
      `<table>${'<tr><td rowspan=1 colspan=2>x</td></tr>'.repeat(n)}</table>`;
    expect(parseTable(html(TABLE_LIMITS.merges))?.merges).toHaveLength(TABLE_LIMITS.merges);
    expect(() => parseTable(html(TABLE_LIMITS.merges + 1))).toThrow(/merges/);
  });

  it('stops a span where a cell spanning down from above already is', () => {
    const table = parseTable(`<table>
      <tr><td>a</td><td rowspan=3>b</td><td>c</td></tr>
      <tr><td colspan=3>d</td></tr>
      <tr><td rowspan=2 colspan=2>e</td></tr>
    </table>`);
    expect(table?.rows.map((row) => row.map((cell) => cell?.text ?? null))).toEqual([
      ['a', 'b', 'c'],
      ['d', null, null],
      ['e', null, null],
    ]);
    // d stops before b's column; e's colspan too, and its rowspan at the last row.
    expect(table?.merges).toEqual([{ top: 0, left: 1, bottom: 2, right: 1 }]);
  });

  it('decodes numeric entities safely', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;&unknown;&AMP;')).toBe('&unknown;&');
  });
});
