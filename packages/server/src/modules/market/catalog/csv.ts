/** A small RFC 4180 reader for the instrument files: header row, commas, double-quoted fields. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export function parseCsv(text: string, fileName: string, expectedHeader: readonly string[]): CsvRow[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const header = splitLine(lines[0] ?? '');
  if (header.join(',') !== expectedHeader.join(',')) {
    throw new Error(`${fileName}: header must be "${expectedHeader.join(',')}" (got "${header.join(',')}")`);
  }
  const rows: CsvRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const fields = splitLine(raw);
    if (fields.length !== header.length) {
      throw new Error(`${fileName} line ${i + 1}: expected ${header.length} fields, got ${fields.length}`);
    }
    rows.push({ line: i + 1, values: Object.fromEntries(header.map((name, j) => [name, fields[j] ?? ''])) });
  }
  return rows;
}

function splitLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** Reads a field as a number, naming file, line and column when it is not one. */
export function numberField(row: CsvRow, column: string, fileName: string, options: { positive?: boolean } = {}): number {
  const raw = row.values[column] ?? '';
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value) || (options.positive && value <= 0)) {
    throw new Error(`${fileName} line ${row.line}: ${column} must be a ${options.positive ? 'positive ' : ''}number (got "${raw}")`);
  }
  return value;
}

export function textField(row: CsvRow, column: string, fileName: string, allowed?: readonly string[]): string {
  const value = row.values[column] ?? '';
  if (value === '' || (allowed && !allowed.includes(value))) {
    const expectation = allowed ? `one of ${allowed.join(', ')}` : 'non-empty';
    throw new Error(`${fileName} line ${row.line}: ${column} must be ${expectation} (got "${value}")`);
  }
  return value;
}
