import type { paths } from '../../../../generated/api.d.ts';

type Json<Path extends keyof paths> = paths[Path]['post'] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;
type Body<Path extends keyof paths> = paths[Path]['post'] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;

/** Preview of Importar XML: emitente, fornecedor, totals and items with suggestions. */
export type PreviaImportacaoXml = Json<'/api/XmlNfe/importar/previa'>;
export type PedidoImportacaoXml = Body<'/api/XmlNfe/importar'>;
export type ImportacaoXml = Json<'/api/XmlNfe/importar'>;
