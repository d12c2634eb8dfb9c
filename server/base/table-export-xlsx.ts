import type { ParsedTable } from './table-export-html';

/** Plain decimal numbers become numbers (so sums work); '001', '1e5' or '12345678901234567' stay text. */
const NUMBER = /^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$/;

const MAX_COLUMN_WIDTH = 60;
const MIN_COLUMN_WIDTH = 6;

/** A display width in Excel's character units: CJK and other wide characters count twice. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    width += code > 0x2e80 ? 2 : 1;
  }
  return width;
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export function sheetName(title: string, fallback: string): string {
  const cleaned = Array.from(title.replace(/[[\]:*?/\\]/g, ' ').trim())
    .slice(0, 31)
    .join('')
    .trim()
    .replace(/^'+|'+$/g, '');
  return cleaned === '' ? fallback : cleaned;
}

/**
 * A workbook of one sheet: the title on the first row (bold, merged across the table's width),
 * then the table with its merged cells, header cells bold on a light fill, numbers as numbers.
 */
export async function tableWorkbook(
  table: ParsedTable,
  title: string,
  sheetFallback: string,
): Promise<Buffer> {
  // Loaded on the first export only: the library is large and most servers rarely export.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EduDesk';
  const sheet = workbook.addWorksheet(sheetName(title, sheetFallback));
  const columns = Math.max(1, table.columns);
  const offset = 2;

  const titleCell = sheet.getCell(1, 1);
  titleCell.value = title;
  titleCell.font = { bold: true, size: 14 };
  titleCell.alignment = { horizontal: 'center', vertical: 'middle' };
  if (columns > 1) sheet.mergeCells(1, 1, 1, columns);
  sheet.getRow(1).height = 24;

  const widths = Array.from({ length: columns }, () => MIN_COLUMN_WIDTH);
  table.rows.forEach((line, rowIndex) => {
    line.forEach((cell, columnIndex) => {
      if (!cell) return;
      const target = sheet.getCell(rowIndex + offset, columnIndex + 1);
      target.value = NUMBER.test(cell.text) ? Number(cell.text) : cell.text;
      target.alignment = { vertical: 'middle', wrapText: cell.text.includes('\n') };
      target.border = {
        top: { style: 'thin' },
        left: { style: 'thin' },
        bottom: { style: 'thin' },
        right: { style: 'thin' },
      };
      if (cell.header) {
        target.font = { bold: true };
        target.alignment = { ...target.alignment, horizontal: 'center' };
        target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF4FD' } };
      }
      const longest = Math.max(...cell.text.split('\n').map(textWidth));
      widths[columnIndex] = Math.min(
        MAX_COLUMN_WIDTH,
        Math.max(widths[columnIndex] ?? MIN_COLUMN_WIDTH, longest + 2),
      );
    });
  });
  for (const merge of table.merges) {
    sheet.mergeCells(merge.top + offset, merge.left + 1, merge.bottom + offset, merge.right + 1);
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });

  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}
