import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a registered screen receives: the values of the `:param` segments of its route pattern. */
export interface ScreenProps {
  params: Record<string, string>;
}

/**
 * Screens with behaviour of their own, by hash-route pattern (without "#/"; ":name" segments match
 * anything), e.g. `'pages/estoque/alteracao-preco': lazy(() => import('./alteracaoPreco/AlteracaoPrecoPage.tsx'))`.
 * A registered screen wins over the generic list and form of an entity with the same route. Behaviour
 * specific to one screen lives in runtime/web/screens/<name>/, never in an `if (entity === …)` in the
 * generic views.
 */
export const screens: Record<string, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  'pages/assinatura/planos': lazy(() => import('./assinatura/PlanosScreen.tsx')),
  'pages/relatorios/exportacoes': lazy(() => import('./exportacoes/ExportacoesScreen.tsx')),
  'pages/configuracoes/usuarios/editarminhaconta': lazy(() => import('./minhaConta/MinhaContaScreen.tsx')),
  'pages/nfe/emitir-nfe': lazy(() => import('./aliases/EmitirNfeScreen.tsx')),
  'pages/vendas/pedido-vendas/cadastrar/:servico': lazy(() => import('./aliases/EmitirNfseScreen.tsx')),
};
