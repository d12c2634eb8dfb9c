/**
 * CSV as spreadsheets save it (RFC 4180): comma-separated fields, a field in double quotes may
 * hold commas, line breaks and doubled quotes. Each record carries the line it starts on, so a
 * refusal can name it. Blank lines are skipped.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(source: string): CsvRecord[] {
  const textOf = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let index = 0; index < textOf.length; index += 1) {
    const char = textOf.charAt(index);
    if (quoted) {
      if (char === '"') {
        if (textOf[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field.trim() !== '') {
        throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      }
      field = '';
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && textOf[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (wasQuoted) {
      if (char !== ' ' && char !== '\t') {
        throw new CsvSyntaxError(line, 'text after a closing quote');
      }
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is not closed');
  endRecord();
  return records;
}
