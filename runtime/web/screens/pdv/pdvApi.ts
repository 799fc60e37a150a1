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

/** The calls of the Frente de caixa (runtime/server/routes/Caixas and the records API). */
export function pdvApi(api: ApiClient) {
  const lista = async (resource: string, where: object, order = 'id ASC') =>
    recordsRequest<Record<string, unknown>[]>(api, 'GET', `/api/${resource}`, {
      query: { filter: JSON.stringify({ where, order, limit: 200 }) },
    });
  return {
    pdvs: async (): Promise<Opcao[]> =>
      (await lista('Pdvs', { ativo: { neq: false } }, 'descricao ASC')).map((r) => ({
        id: Number(r.id),
        descricao: String(r.descricao),
      })),
    operadores: async (): Promise<Opcao[]> =>
      (await lista('OperadoresPdv', { ativo: { neq: false } }, 'nome ASC')).map((r) => ({
        id: Number(r.id),
        descricao: String(r.nome),
      })),
    formas: async (): Promise<(Opcao & { dinheiro: boolean })[]> =>
      (await lista('FormasPagamento', { ativo: { neq: false } })).map((r) => ({
        id: Number(r.id),
        descricao: String(r.descricao),
        dinheiro: r.formaPagamentoFiscal === '01',
      })),
    caixaAberto: async (pdvId: number): Promise<number | null> => {
      const rows = await lista('Caixas', { pdvId, situacao: 'aberto' });
      return rows[0] ? Number(rows[0].id) : null;
    },
    produtos: async (texto: string) =>
      (
        await recordsRequest<Record<string, unknown>[]>(api, 'GET', '/api/Produtos', {
          query: {
            filter: JSON.stringify({
              where: {
                or: [
                  { descricao: { ilike: `%${texto}%` } },
                  { codigo: { ilike: `${texto}%` } },
                  { codigoBarras: texto },
                ],
              },
              order: 'descricao ASC',
              limit: 20,
            }),
          },
        })
      ).map((r) => ({
        id: Number(r.id),
        descricao: String(r.descricao),
        codigo: (r.codigo as string | null) ?? '',
        precoVenda: r.precoVenda === null ? null : Number(r.precoVenda),
      })),
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
