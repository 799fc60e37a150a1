import { decodeCsvBytes } from '../../../core/decodeCsvBytes.ts';
import { type CsvTargetField, matchCsvColumns } from '../../../core/matchCsvColumns.ts';
import { parseCsv } from '../../../core/parseCsv.ts';
import { HttpError } from '../../errors.ts';

/** A column the file must (or may) have, matched by name ignoring case, accents and punctuation. */
export interface UploadColumn extends CsvTargetField {
  obrigatoria: boolean;
}

/** One data line of an uploaded file: its line number and the text of each known column. */
export interface UploadLine {
  linha: number;
  valores: Record<string, string>;
}

/**
 * Decodes (UTF-8 or Windows-1252) and parses an uploaded CSV with the shared import helpers, then maps
 * its header to `columns`. A file without data or without a required column is refused as a whole (400,
 * pt-BR message naming the columns); unknown columns are ignored.
 */
export function readCsvUpload(
  bytes: Uint8Array,
  columns: UploadColumn[],
): { encoding: string; lines: UploadLine[] } {
  const { text, encoding } = decodeCsvBytes(bytes);
  const { header, rows } = parseCsv(text);
  const expected = columns.map((column) => column.campo).join(';');
  if (header.length === 0 || rows.length === 0) {
    throw new HttpError(
      400,
      'ARQUIVO_SEM_DADOS',
      `O arquivo está vazio: a primeira linha deve ser o cabeçalho (${expected}) e as seguintes, os dados.`,
    );
  }
  const mapping = matchCsvColumns(header, columns);
  const missing = columns.filter((column) => column.obrigatoria && !mapping.includes(column.campo));
  if (missing.length > 0) {
    const names = missing.map((column) => `"${column.campo}"`).join(', ');
    throw new HttpError(
      400,
      'ARQUIVO_SEM_COLUNAS',
      `Linha 1 (cabeçalho): falta${missing.length > 1 ? 'm as colunas' : ' a coluna'} ${names}. Cabeçalho esperado: ${expected}.`,
      { colunas: missing.map((column) => column.campo) },
    );
  }
  const lines = rows.map((row) => ({
    linha: row.linha,
    valores: Object.fromEntries(
      mapping.flatMap((campo, index) => (campo ? [[campo, row.cells[index] ?? '']] : [])),
    ),
  }));
  return { encoding, lines };
}
