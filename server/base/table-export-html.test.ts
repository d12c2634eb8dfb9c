import { describe, expect, it } from 'vitest';
import { decodeEntities, parseTable, TABLE_LIMITS } from './table-export-html';

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

  it('decodes numeric entities safely', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;&unknown;&AMP;')).toBe('&unknown;&');
  });
});
