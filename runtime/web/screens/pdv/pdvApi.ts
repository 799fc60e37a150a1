import type { ApiClient } from '../../api/createApiClient.ts';
import { recordsRequest } from '../../views/form/recordsRequest.ts';

/** A session as GET /api/Caixas/{id}/resumo answers it. */
export interface ResumoCaixa {
  id: number;
  pdvId: number;
  pdv: string;
  operador: string | null;
  situacao: string | null;
  abertura: string;
  fechamento: string | null;
  valorAbertura: number;
  /** Fechamento cego: for the operator, the expected amounts, the diferença and the sales total come null. */
  fechamentoCego: boolean;
  vendas: { quantidade: number; total: number | null };
  formas: { formaPagamentoId: number; descricao: string; dinheiro: boolean; esperado: number | null }[];
  fechamentos: {
    formaPagamentoId: number;
    descricao: string;
    esperado: number | null;
    contado: number;
    diferenca: number | null;
  }[];
}

/** The priced items of POST /api/Caixas/{id}/vendas/previa. */
export interface PreviaVenda {
  itens: {
    numeroItem: number;
    produtoId: number;
    codigo: string;
    descricao: string;
    unidade: string;
    quantidade: number;
    precoUnitario: number;
    desconto: number;
    valorTotal: number;
  }[];
  valorProdutos: number;
  valorDesconto: number;
  valorTotal: number;
}

/** The answer of POST /api/Caixas/{id}/vendas. */
export interface ResultadoVenda {
  venda: {
    notaFiscalId: number;
    caixaId: number;
    serie: number;
    numero: number;
    valorTotal: number;
    valorPago: number;
    troco: number;
  };
  nfce: {
    situacao: number;
    situacaoDescricao: string;
    chave: string | null;
    protocolo: string | null;
    tipoEmissao: number | null;
    cStat: number | null;
    xMotivo: string | null;
  } | null;
  erroNfce: string | null;
}

export interface ItemDigitado {
  produtoId?: number;
  codigo?: string;
  quantidade: number;
  desconto?: number;
}

export interface Opcao {
  id: number;
  descricao: string;
}

/**
 * The calls of the Frente de caixa, all under its own permission key (runtime/server/routes/Caixas): a cashier
 * holds VENDAS_FRENTE_CAIXA only, not the keys of the PDV, operator, payment-method, caixa or product registers.
 */
export function pdvApi(api: ApiClient) {
  const cadastros = () =>
    recordsRequest<{
      pdvs: (Opcao & { caixaAbertoId: number | null })[];
      operadores: Opcao[];
      formas: (Opcao & { dinheiro: boolean })[];
    }>(api, 'GET', '/api/Caixas/frente/cadastros');
  return {
    cadastros,
    caixaAberto: async (pdvId: number): Promise<number | null> =>
      (await cadastros()).pdvs.find((pdv) => pdv.id === pdvId)?.caixaAbertoId ?? null,
    produtos: (texto: string) =>
      recordsRequest<
        {
          id: number;
          descricao: string;
          codigo: string;
          codigoBarras: string | null;
          precoVenda: number | null;
        }[]
      >(api, 'GET', '/api/Caixas/frente/produtos', { query: { texto } }),
    resumo: (caixaId: number) => recordsRequest<ResumoCaixa>(api, 'GET', `/api/Caixas/${caixaId}/resumo`),
    abrir: (body: { pdvId: number; operadorPdvId: number; valorAbertura: number }) =>
      recordsRequest<ResumoCaixa>(api, 'POST', '/api/Caixas/abrir', { body }),
    gaveta: (caixaId: number, tipo: 'sangria' | 'suprimento', body: { valor: number; motivo: string }) =>
      recordsRequest<ResumoCaixa>(api, 'POST', `/api/Caixas/${caixaId}/${tipo}`, { body }),
    fechar: (caixaId: number, contado: { formaPagamentoId: number; valor: number }[]) =>
      recordsRequest<ResumoCaixa>(api, 'POST', `/api/Caixas/${caixaId}/fechar`, { body: { contado } }),
    previa: (caixaId: number, itens: ItemDigitado[], desconto: number) =>
      recordsRequest<PreviaVenda>(api, 'POST', `/api/Caixas/${caixaId}/vendas/previa`, {
        body: { itens, desconto },
      }),
    vender: (
      caixaId: number,
      chave: string,
      body: {
        itens: ItemDigitado[];
        desconto: number;
        pagamentos: { formaPagamentoId: number; valor: number }[];
        documentoConsumidor?: string | null;
      },
    ) =>
      recordsRequest<ResultadoVenda>(api, 'POST', `/api/Caixas/${caixaId}/vendas`, {
        body,
        headers: { 'Idempotency-Key': chave },
      }),
    danfe: async (caixaId: number, notaId: number): Promise<Blob> => {
      const { data, response } = await (
        api as unknown as {
          GET: (path: string, init: { parseAs: 'blob' }) => Promise<{ data?: Blob; response: Response }>;
        }
      ).GET(`/api/Caixas/${caixaId}/vendas/${notaId}/danfce`, { parseAs: 'blob' });
      if (!response.ok || !data) throw new Error('O DANFCE ainda não está disponível. Tente novamente.');
      return data;
    },
  };
}

export type PdvApi = ReturnType<typeof pdvApi>;

/** A new Idempotency-Key for one sale (kept while that sale is retried). */
export const novaChave = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
