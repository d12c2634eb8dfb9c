/**
 * Reads the first HTML table of a page fragment into a grid (spec §7 table export: the client
 * posts the table's HTML). Only what a spreadsheet needs is kept: cell text (line breaks from
 * <br> and block ends), header cells, colspan and rowspan. Script, style and comments are
 * skipped; nothing is ever evaluated. Sizes are capped so a hostile table cannot exhaust memory.
 */

export interface TableCell {
  text: string;
  header: boolean;
}

/** A merged area, 0-based and inclusive. */
export interface CellMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface ParsedTable {
  /** Rows of equal length; cells covered by a merge are null. */
  rows: (TableCell | null)[][];
  merges: CellMerge[];
  columns: number;
}

export const TABLE_LIMITS = { rows: 50_000, columns: 500, span: 500 } as const;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  middot: '·',
  times: '×',
  divide: '÷',
  yen: '¥',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; attributes: string }
  | { kind: 'close'; name: string };

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'template', 'noscript']);

/** Splits HTML into text, opening and closing tags (lower-case names). */
export function* tokenize(html: string): Generator<Token> {
  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt < 0) {
      yield { kind: 'text', text: html.slice(index) };
      return;
    }
    if (lt > index) yield { kind: 'text', text: html.slice(index, lt) };
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      index = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/.exec(html.slice(lt, lt + 4096));
    if (!tag) {
      // A '<' that starts no tag (or '<!doctype', '<?xml'): skip up to its '>' or keep as text.
      if (/^<[!?]/.test(html.slice(lt, lt + 2))) {
        const end = html.indexOf('>', lt);
        index = end < 0 ? html.length : end + 1;
      } else {
        yield { kind: 'text', text: '<' };
        index = lt + 1;
      }
      continue;
    }
    const [whole, slash = '', rawName = '', attributes = ''] = tag;
    const name = rawName.toLowerCase();
    index = lt + whole.length;
    if (slash === '/') {
      yield { kind: 'close', name };
      continue;
    }
    yield { kind: 'open', name, attributes };
    if (RAW_TEXT.has(name) && !attributes.trim().endsWith('/')) {
      const end = html.toLowerCase().indexOf(`</${name}`, index);
      index = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
    }
  }
}

function spanOf(attributes: string, name: 'colspan' | 'rowspan'): number {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']?\\s*(\\d+)`, 'i').exec(attributes);
  const value = match ? Number(match[1]) : 1;
  return Math.min(Math.max(1, value), TABLE_LIMITS.span);
}

interface RawCell {
  text: string;
  header: boolean;
  colspan: number;
  rowspan: number;
}

const LINE_BREAKING = new Set(['br', 'p', 'div', 'li', 'tr']);

function cellText(parts: string[]): string {
  return parts
    .join('')
    .split('\n')
    .map((line) =>
      decodeEntities(line.replace(/\s+/g, ' '))
        .replace(/\u00a0/g, ' ')
        .trim(),
    )
    .filter((line, index, lines) => line !== '' || (index > 0 && index < lines.length - 1))
    .join('\n')
    .trim();
}

/** The rows of the first table, cell by cell, before spans are laid out. */
function readRows(html: string): RawCell[][] | undefined {
  let depth = 0;
  let found = false;
  const rows: RawCell[][] = [];
  let row: RawCell[] | null = null;
  let cell: { parts: string[]; header: boolean; colspan: number; rowspan: number } | null = null;

  const closeCell = () => {
    if (cell && row) {
      row.push({
        text: cellText(cell.parts),
        header: cell.header,
        colspan: cell.colspan,
        rowspan: cell.rowspan,
      });
    }
    cell = null;
  };
  const closeRow = () => {
    closeCell();
    if (row) rows.push(row);
    row = null;
  };

  for (const token of tokenize(html)) {
    if (token.kind === 'open' && token.name === 'table') {
      depth += 1;
      if (depth === 1) {
        if (found) break;
        found = true;
      }
      continue;
    }
    if (token.kind === 'close' && token.name === 'table') {
      if (depth === 1) {
        closeRow();
        break;
      }
      depth = Math.max(0, depth - 1);
      continue;
    }
    // Nested tables contribute their text to the enclosing cell only.
    if (depth !== 1) {
      if (depth > 1 && cell && token.kind === 'text')
        (cell as { parts: string[] }).parts.push(token.text);
      continue;
    }
    if (token.kind === 'open' && token.name === 'tr') {
      closeRow();
      if (rows.length >= TABLE_LIMITS.rows) break;
      row = [];
    } else if (token.kind === 'close' && token.name === 'tr') {
      closeRow();
    } else if (token.kind === 'open' && (token.name === 'td' || token.name === 'th')) {
      closeCell();
      row ??= [];
      cell = {
        parts: [],
        header: token.name === 'th',
        colspan: spanOf(token.attributes, 'colspan'),
        rowspan: spanOf(token.attributes, 'rowspan'),
      };
    } else if (token.kind === 'close' && (token.name === 'td' || token.name === 'th')) {
      closeCell();
    } else if (cell) {
      const current = cell as { parts: string[] };
      if (token.kind === 'text') current.parts.push(token.text);
      else if (token.kind === 'open' && token.name === 'br') current.parts.push('\n');
      else if (token.kind === 'close' && LINE_BREAKING.has(token.name)) current.parts.push('\n');
    }
  }
  closeRow();
  return found ? rows : undefined;
}

/**
 * The first table of `html` laid out on a grid (spans resolved like a browser does), or
 * undefined when the fragment has no table.
 */
export function parseTable(html: string): ParsedTable | undefined {
  const rawRows = readRows(html);
  if (!rawRows) return undefined;
  const grid: (TableCell | null | undefined)[][] = [];
  const merges: CellMerge[] = [];
  let columns = 0;

  rawRows.forEach((rawRow, rowIndex) => {
    grid[rowIndex] ??= [];
    let column = 0;
    for (const raw of rawRow) {
      const line = grid[rowIndex] ?? [];
      while (line[column] !== undefined) column += 1;
      if (column >= TABLE_LIMITS.columns) break;
      const colspan = Math.min(raw.colspan, TABLE_LIMITS.columns - column);
      const rowspan = Math.min(raw.rowspan, rawRows.length - rowIndex);
      for (let r = 0; r < rowspan; r += 1) {
        const target = (grid[rowIndex + r] ??= []);
        for (let c = 0; c < colspan; c += 1) target[column + c] = null;
      }
      line[column] = { text: raw.text, header: raw.header };
      if (colspan > 1 || rowspan > 1) {
        merges.push({
          top: rowIndex,
          left: column,
          bottom: rowIndex + rowspan - 1,
          right: column + colspan - 1,
        });
      }
      column += colspan;
      columns = Math.max(columns, column);
    }
  });

  const rows = grid.map((line) =>
    Array.from({ length: columns }, (_, index) => line[index] ?? null),
  );
  return { rows, merges, columns };
}
