import type { paths } from '../../../../generated/api.d.ts';

export type ImportField =
  paths['/api/Importacoes/{entidade}/campos']['get']['responses']['200']['content']['application/json'][number];
export type ImportResponse =
  paths['/api/Importacoes/{entidade}/validar']['post']['responses']['200']['content']['application/json'];
export type ImportLineError = ImportResponse['erros'][number];
export type ImportEntity =
  paths['/api/Importacoes']['get']['responses']['200']['content']['application/json'][number];

/** One line as the import APIs take it: the file line and the text of every mapped column. */
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
 * Where an import screen takes its fields from and sends its lines (the produto routes or the generic
 * /api/Importacoes/{entidade} ones); answers as openapi-fetch does.
 */
export interface ImportSource {
  /** Changes when the target changes (reloads the fields and clears the file). */
  id: string;
  noun: ImportNoun;
  canImport: boolean;
  fields: () => Promise<{ data?: ImportField[]; error?: unknown }>;
  send: (
    acao: 'validar' | 'importar',
    linhas: ImportLine[],
  ) => Promise<{ data?: ImportResponse; error?: unknown }>;
}
