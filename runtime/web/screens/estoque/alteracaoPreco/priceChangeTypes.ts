import type { paths } from '../../../../../generated/api.d.ts';

type Operation = paths['/api/Produtos/alteracao-preco']['post'];
/** Body of POST /api/Produtos/alteracao-preco. */
export type PriceChangeRequest = NonNullable<Operation['requestBody']>['content']['application/json'];
/** Its 200 answer (preview: counts and one page of items; aplicar: counts). */
export type PriceChangeResponse = Operation['responses']['200']['content']['application/json'];
export type PriceChangeItem = NonNullable<PriceChangeResponse['itens']>[number];
export type PriceChangeOptions =
  paths['/api/Produtos/alteracao-preco/opcoes']['get']['responses']['200']['content']['application/json'];

/** The modes offered on screen, each a (tipo, operacao) pair of the API. */
export const MODES = {
  aumentarPercentual: { label: 'Aumentar em percentual (%)', tipo: 'percentual', operacao: 'aumentar' },
  diminuirPercentual: { label: 'Diminuir em percentual (%)', tipo: 'percentual', operacao: 'diminuir' },
  aumentarValor: { label: 'Aumentar em valor (R$)', tipo: 'valor', operacao: 'aumentar' },
  diminuirValor: { label: 'Diminuir em valor (R$)', tipo: 'valor', operacao: 'diminuir' },
  definirValor: { label: 'Definir preço fixo (R$)', tipo: 'valor', operacao: 'definir' },
} as const;
export type Mode = keyof typeof MODES;

/** What the person fills in: filters and rule, as typed. */
export interface PriceChangeForm {
  categoriaId: string;
  marcaId: string;
  busca: string;
  incluirInativos: boolean;
  mode: Mode;
  quantidade: string;
  recalcularMargens: boolean;
}

export const EMPTY_FORM: PriceChangeForm = {
  categoriaId: '',
  marcaId: '',
  busca: '',
  incluirInativos: false,
  mode: 'aumentarPercentual',
  quantidade: '',
  recalcularMargens: false,
};
