import type { CsvTargetField } from '../../../../core/matchCsvColumns.ts';

/** A field a CSV column may fill, as the `csv.fields` operation answers it. */
export interface ImportField extends CsvTargetField {
  label: string;
  tipo: string;
  obrigatorio: boolean;
  opcoes?: Array<{ codigo: string | number; label: string }>;
}

/** One file line the server rejected, with its messages. */
export interface ImportLineError {
  linha: number;
  mensagens: string[];
}

/** What the validate (preview) or import (confirm) operation answers. */
export interface ImportResponse {
  total: number;
  validas: number;
  invalidas: number;
  importados: number;
  erros: ImportLineError[];
}

/** One line as the import operations take it: the file line and the text of every mapped column. */
export interface ImportLine {
  linha: number;
  valores: Record<string, string>;
}

/** The file as read in the browser. */
export interface LoadedFile {
  name: string;
  encoding: string;
  separator: string;
  header: string[];
  rows: Array<{ linha: number; cells: string[] }>;
}

/** How the screen names what it imports, e.g. produto/produtos (m) or categoria/categorias (f). */
export interface ImportNoun {
  singular: string;
  plural: string;
  gender: 'm' | 'f';
}

/**
 * What the CSV flow imports into: the noun, the chosen target's parameters (e.g. {entidade}) sent to
 * every operation, the model file's example entity; null while nothing is chosen.
 */
export interface CsvTarget {
  id: string;
  noun: ImportNoun;
  params: Record<string, unknown>;
  examples: string;
}
