/** One data record of a CSV file and the line of the file where it starts (the header is line 1). */
export interface CsvRow {
  linha: number;
  cells: string[];
}

export interface ParsedCsv {
  separator: ';' | ',';
  header: string[];
  rows: CsvRow[];
}

/** The separator of a header line: the one of ';' and ',' that appears more often outside quotes. */
function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : commas > 0 ? ',' : ';';
}

/**
 * Parses CSV text (RFC 4180: quoted cells with "" for a quote, line breaks inside quotes, CRLF or LF)
 * with a header row and ';' or ',' as separator, detected from the header. Cells are trimmed; blank
 * lines are skipped; each row keeps the line number where it starts, for error messages.
 */
export function parseCsv(text: string): ParsedCsv {
  const separator = detectSeparator(text);
  const records: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endCell = () => {
    cells.push(cell.trim());
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (cells.some((value) => value !== '')) records.push({ linha: start, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  const [header, ...rows] = records;
  return { separator, header: header?.cells ?? [], rows };
}
