/**
 * Reads the first HTML table of a page fragment into a grid (spec §7 table export: the client
 * posts the table's HTML). Only what a spreadsheet needs is kept: cell text (line breaks from
 * <br> and block ends), header cells, colspan and rowspan. Script, style and comments are
 * skipped; nothing is ever evaluated. The work is bounded before anything is built: a span is
 * clamped to TABLE_LIMITS.span and never overlaps another cell, and a table whose grid (rows ×
 * columns, merged cells included) or number of merges is over the limits is refused with
 * TableTooLargeError while it is laid out, before the grid is allocated.
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

export const TABLE_LIMITS = {
  /** Rows read; later rows are dropped. */
  rows: 50_000,
  /** Columns kept; cells beyond are dropped. */
  columns: 500,
  /** Larger colspan or rowspan values are clamped to this. */
  span: 500,
  /** The grid's area, rows × columns after spans are laid out (merged cells count): refused beyond. */
  cells: 100_000,
  /** Merged areas (each spanned cell is one): refused beyond (the sheet library checks each
   * merge against all earlier ones, so the cost grows with their square). */
  merges: 2_000,
} as const;

/** The table is over TABLE_LIMITS.cells or TABLE_LIMITS.merges: refused, nothing was built. */
export class TableTooLargeError extends Error {
  override readonly name = 'TableTooLargeError';
  constructor(readonly limit: 'cells' | 'merges') {
    super(`the table is over the ${limit} limit (${String(TABLE_LIMITS[limit])})`);
  }
}

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

/** A tag longer than this is not read as a tag (its '<' is text). */
const MAX_TAG_LENGTH = 4096;

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>$/;

/**
 * Splits HTML into text, opening and closing tags (lower-case names). Linear in the length of
 * the page whatever it holds: the next '>' is looked up once and reused by every '<' before it,
 * a tag is matched only up to that '>', and the page is lower-cased once for raw-text ends.
 */
export function* tokenize(html: string): Generator<Token> {
  let index = 0;
  // The first '>' at or after the current '<' (-1: none left; undefined: not looked up yet).
  let nextGt: number | undefined;
  const gtFrom = (from: number): number => {
    if (nextGt === undefined || (nextGt >= 0 && nextGt < from)) nextGt = html.indexOf('>', from);
    return nextGt;
  };
  let lower: string | undefined;
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
    const gt = gtFrom(lt);
    const tag = gt >= 0 && gt - lt < MAX_TAG_LENGTH ? TAG.exec(html.slice(lt, gt + 1)) : null;
    if (!tag) {
      // A '<' that starts no tag (or '<!doctype', '<?xml'): skip up to its '>' or keep as text.
      if (html[lt + 1] === '!' || html[lt + 1] === '?') {
        index = gt < 0 ? html.length : gt + 1;
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
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, index);
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
  let rawCells = 0;

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
      // Every kept cell takes a place of the grid: more than the grid may hold is refused now,
      // before they are all read.
      if (row.length < TABLE_LIMITS.columns) {
        rawCells += 1;
        if (rawCells > TABLE_LIMITS.cells) throw new TableTooLargeError('cells');
      }
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
 * undefined when the fragment has no table. Throws TableTooLargeError when the grid or its
 * merges would be over TABLE_LIMITS; the check is made while laying out, before the grid's
 * rows are filled in, so a refused table costs little more than reading its HTML.
 */
export function parseTable(html: string): ParsedTable | undefined {
  const rawRows = readRows(html);
  if (!rawRows) return undefined;
  const rowCount = rawRows.length;
  // The widest grid the area limit allows for this many rows.
  const maxColumns = Math.min(
    TABLE_LIMITS.columns,
    Math.floor(TABLE_LIMITS.cells / Math.max(1, rowCount)),
  );
  // Places taken so far, by row (a row's array grows to its rightmost taken place only).
  const grid: (TableCell | null | undefined)[][] = rawRows.map(() => []);
  const merges: CellMerge[] = [];
  let columns = 0;
  const free = (row: number, column: number) => grid[row]?.[column] === undefined;

  rawRows.forEach((rawRow, rowIndex) => {
    const line = grid[rowIndex] ?? [];
    let column = 0;
    for (const raw of rawRow) {
      while (!free(rowIndex, column)) column += 1;
      if (column >= TABLE_LIMITS.columns) break;
      // Wider than the limit: dropped like the columns beyond it.
      let colspan = Math.min(raw.colspan, TABLE_LIMITS.columns - column);
      // A span stops where a cell spanning down from an earlier row already is (browsers
      // overlap them; a sheet cannot), so no place is ever filled twice.
      for (let c = 1; c < colspan; c += 1) {
        if (!free(rowIndex, column + c)) {
          colspan = c;
          break;
        }
      }
      if (column + colspan > maxColumns) throw new TableTooLargeError('cells');
      let rowspan = Math.min(raw.rowspan, rowCount - rowIndex);
      for (let r = 1; r < rowspan; r += 1) {
        let clear = true;
        for (let c = 0; c < colspan && clear; c += 1) clear = free(rowIndex + r, column + c);
        if (!clear) {
          rowspan = r;
          break;
        }
      }
      if (colspan > 1 || rowspan > 1) {
        if (merges.length >= TABLE_LIMITS.merges) throw new TableTooLargeError('merges');
        merges.push({
          top: rowIndex,
          left: column,
          bottom: rowIndex + rowspan - 1,
          right: column + colspan - 1,
        });
      }
      for (let r = 0; r < rowspan; r += 1) {
        const target = grid[rowIndex + r] ?? [];
        for (let c = 0; c < colspan; c += 1) target[column + c] = null;
      }
      line[column] = { text: raw.text, header: raw.header };
      column += colspan;
      columns = Math.max(columns, column);
    }
  });

  const rows = grid.map((line) =>
    Array.from({ length: columns }, (_, index) => line[index] ?? null),
  );
  return { rows, merges, columns };
}
