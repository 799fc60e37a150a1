import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a registered screen receives: the values of the `:param` segments of its route pattern. */
export interface ScreenProps {
  params: Record<string, string>;
}

/**
 * Screens with behaviour of their own, by hash-route pattern (without "#/"; ":name" segments match
 * anything), e.g. `'pages/financeiro/conciliacao-ofx': lazy(() => import('./financeiro/ofx/ConciliacaoOfxScreen.tsx'))`.
 * A registered screen wins over a declared screen (schemas/screens) and over the generic list and form of
 * an entity with the same route. Behaviour
 * specific to one screen lives in runtime/web/screens/<name>/, never in an `if (entity === …)` in the
 * generic views.
 */
export const screens: Record<string, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  'pages/assinatura/planos': lazy(() => import('./assinatura/PlanosScreen.tsx')),
  'pages/assinatura/modulos': lazy(() => import('./assinatura/ModulosScreen.tsx')),
  'pages/assinatura/area-cliente': lazy(() => import('./assinatura/AreaClienteScreen.tsx')),
  'pages/relatorios/exportacoes': lazy(() => import('./exportacoes/ExportacoesScreen.tsx')),
  'pages/estoque/etiqueta/imprimir': lazy(() => import('./estoque/etiquetas/ImprimirEtiquetasScreen.tsx')),
  'pages/financeiro/conciliacao-ofx': lazy(() => import('./financeiro/ofx/ConciliacaoOfxScreen.tsx')),
  'pages/financeiro/lancamentos/baixar/:tipo': lazy(
    () => import('./financeiro/baixar/BaixarTitulosScreen.tsx'),
  ),
  'pages/compras/entrada-nota-fiscal/importar-xml': lazy(
    () => import('./xmlNfe/importar/ImportarXmlScreen.tsx'),
  ),
  'pages/configuracoes/assistente-fiscal': lazy(
    () => import('./assistenteFiscal/AssistenteFiscalScreen.tsx'),
  ),
  'pages/nfe/emitir-nfe': lazy(() => import('./aliases/EmitirNfeScreen.tsx')),
  'pages/nfe/notas-processadas/emitir/:id': lazy(() => import('./emissaoNota/EmissaoNotaScreen.tsx')),
  'pages/nfe/notas-processadas/transmissoes/:id': lazy(() => import('./emissaoNota/TransmissoesScreen.tsx')),
  'pages/vendas/frente-caixa': lazy(() => import('./pdv/FrenteCaixaScreen.tsx')),
  'pages/vendas/pedido-vendas/cadastrar/:servico': lazy(() => import('./aliases/EmitirNfseScreen.tsx')),
  'administrador/configuracoes/whitelabel': lazy(() => import('./admin/WhiteLabelScreen.tsx')),
  'administrador/configuracoes/nps': lazy(() => import('./admin/nps/NpsScreen.tsx')),
  'administrador/configuracoes/estudio': lazy(() => import('./admin/estudio/EstudioScreen.tsx')),
};
