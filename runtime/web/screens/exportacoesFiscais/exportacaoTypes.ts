import type { paths } from '../../../../generated/api.d.ts';

type Json<Path extends keyof paths, Method extends 'get' | 'post'> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/** Models and categories of Exportação para balança. */
export type BalancaOpcoes = Json<'/api/ExportacoesFiscais/balanca/opcoes', 'get'>;
/** Body of the balança preview and file. */
export type BalancaPedido = NonNullable<
  paths['/api/ExportacoesFiscais/balanca/preview']['post']['requestBody']
>['content']['application/json'];
export type BalancaPreview = Json<'/api/ExportacoesFiscais/balanca/preview', 'post'>;
/** Categories and brands of Exportação para terminal. */
export type TerminalOpcoes = Json<'/api/ExportacoesFiscais/terminal/opcoes', 'get'>;
export type TerminalPedido = NonNullable<
  paths['/api/ExportacoesFiscais/terminal/preview']['post']['requestBody']
>['content']['application/json'];
export type TerminalPreview = Json<'/api/ExportacoesFiscais/terminal/preview', 'post'>;
/** A produto left out of a file, with the reason. */
export type AvisoExportacao = BalancaPreview['avisos'][number];
/** The generated file: name and base64 of its bytes. */
export type ArquivoExportado = Json<'/api/ExportacoesFiscais/balanca/arquivo', 'post'>;
