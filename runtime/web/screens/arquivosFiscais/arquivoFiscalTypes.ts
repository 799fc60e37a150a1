import type { paths } from '../../../../generated/api.d.ts';

type Json<Path extends keyof paths, Method extends 'get' | 'post'> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/** Branches the user may file for. */
export type OpcoesArquivoFiscal = Json<'/api/ArquivosFiscais/sped/opcoes', 'get'>;
export type SpedPedido = NonNullable<
  paths['/api/ArquivosFiscais/sped/preview']['post']['requestBody']
>['content']['application/json'];
export type SpedPreview = Json<'/api/ArquivosFiscais/sped/preview', 'post'>;
export type SintegraPedido = NonNullable<
  paths['/api/ArquivosFiscais/sintegra/preview']['post']['requestBody']
>['content']['application/json'];
export type SintegraPreview = Json<'/api/ArquivosFiscais/sintegra/preview', 'post'>;
/** A warning of a preview (documento, produto, participante, cadastro, apuração). */
export type AvisoArquivoFiscal = SpedPreview['avisos'][number];
/** The generated file: name and base64 of its Latin-1 bytes. */
export type ArquivoFiscal = Json<'/api/ArquivosFiscais/sped/arquivo', 'post'>;
