import { esperadoPorForma } from '../../../core/pdv/esperadoPorForma.ts';
import { HttpError } from '../../errors.ts';
import { formaDinheiro, formasPagamento, movimentosDoCaixa, type PdvContext } from './caixaSessao.ts';

/** A session as the Frente de caixa shows it: expected per method, sales, and the fechamento once closed. */
export interface ResumoCaixa {
  id: number;
  pdvId: number;
  pdv: string;
  operadorPdvId: number | null;
  operador: string | null;
  situacao: string | null;
  abertura: string;
  fechamento: string | null;
  valorAbertura: number;
  /** The PDV counts blind (fechamento cego): for the operator, the amounts below that tell what to count are null. */
  fechamentoCego: boolean;
  /** total is null for the operator of a blind PDV. */
  vendas: { quantidade: number; total: number | null };
  /** esperado is null for the operator of a blind PDV. */
  formas: { formaPagamentoId: number; descricao: string; dinheiro: boolean; esperado: number | null }[];
  /** esperado and diferenca are null for the operator of a blind PDV. */
  fechamentos: {
    formaPagamentoId: number;
    descricao: string;
    esperado: number | null;
    contado: number;
    diferenca: number | null;
  }[];
}

/**
 * The summary as `caller` may see it: on a PDV that counts blind, someone without access to Vendas › Caixas
 * (VENDAS_CAIXAS) gets no expected amount, no diferença and no sales total — only what was counted. The stored
 * fechamento keeps them all.
 */
export function resumoParaQuemVe(resumo: ResumoCaixa, veEsperado: boolean): ResumoCaixa {
  if (!resumo.fechamentoCego || veEsperado) return resumo;
  return {
    ...resumo,
    vendas: { ...resumo.vendas, total: null },
    formas: resumo.formas.map((forma) => ({ ...forma, esperado: null })),
    fechamentos: resumo.fechamentos.map((linha) => ({ ...linha, esperado: null, diferenca: null })),
  };
}

/**
 * The summary of session `caixaId`: per payment method what the drawer should hold (flows.md §4, esperadoPorForma
 * over the ledger), the session's sales (NFC-e of its caixaId, never a time window) and, once closed, the stored
 * fechamento per method.
 */
export async function caixaResumo(context: PdvContext, caixaId: number): Promise<ResumoCaixa> {
  const { tx } = context;
  const caixa = await tx.maybeOne<Omit<ResumoCaixa, 'vendas' | 'formas' | 'fechamentos'>>(
    `SELECT c.id::int AS id, c.pdv_id::int AS "pdvId", p.descricao AS pdv, c.operador_pdv_id::int AS "operadorPdvId",
            o.nome AS operador, c.situacao, c.abertura, c.fechamento,
            coalesce(c.valor_abertura, 0)::float8 AS "valorAbertura", coalesce(p.fechamento_cego, false) AS "fechamentoCego"
       FROM caixa c JOIN pdv p ON p.id = c.pdv_id LEFT JOIN operador_pdv o ON o.id = c.operador_pdv_id
      WHERE c.id = $1 AND c.filial_id = $2`,
    [caixaId, context.scope.filialId],
  );
  if (!caixa) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Caixa não encontrado nesta filial.');
  const formas = await formasPagamento(context);
  const movimentos = await movimentosDoCaixa(context, caixaId);
  const dinheiro = formaDinheiro(formas);
  const esperado = esperadoPorForma(Math.round(caixa.valorAbertura * 100), dinheiro.id, movimentos);
  const vendas = await tx.one<{ quantidade: number; total: number | null }>(
    `SELECT count(*)::int AS quantidade, coalesce(sum(valor_total), 0)::float8 AS total
       FROM nota_fiscal WHERE caixa_id = $1 AND situacao NOT IN (2, 3, 4, 8)`,
    [caixaId],
  );
  const fechamentos = await tx.query<ResumoCaixa['fechamentos'][number]>(
    `SELECT f.forma_pagamento_id::int AS "formaPagamentoId", fp.descricao, f.esperado::float8 AS esperado,
            f.contado::float8 AS contado, f.diferenca::float8 AS diferenca
       FROM caixa_fechamento f JOIN forma_pagamento fp ON fp.id = f.forma_pagamento_id
      WHERE f.caixa_id = $1 ORDER BY f.forma_pagamento_id`,
    [caixaId],
  );
  return {
    ...caixa,
    abertura: new Date(caixa.abertura).toISOString(),
    fechamento: caixa.fechamento ? new Date(caixa.fechamento).toISOString() : null,
    vendas,
    formas: [...esperado.entries()]
      .sort(([a], [b]) => (a === dinheiro.id ? -1 : b === dinheiro.id ? 1 : a - b))
      .map(([formaPagamentoId, centavos]) => ({
        formaPagamentoId,
        descricao: formas.get(formaPagamentoId)?.descricao ?? `Forma ${formaPagamentoId}`,
        dinheiro: formaPagamentoId === dinheiro.id,
        esperado: centavos / 100,
      })),
    fechamentos,
  };
}
