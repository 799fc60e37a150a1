import type { paths } from '../../../../../generated/api.d.ts';

export type ImportField =
  paths['/api/Produtos/importacao/campos']['get']['responses']['200']['content']['application/json'][number];
export type ImportResponse =
  paths['/api/Produtos/importacao']['post']['responses']['200']['content']['application/json'];
export type ImportLineError = ImportResponse['erros'][number];

/** The file as read in the browser. */
export interface LoadedFile {
  name: string;
  encoding: string;
  separator: string;
  header: string[];
  rows: Array<{ linha: number; cells: string[] }>;
}
