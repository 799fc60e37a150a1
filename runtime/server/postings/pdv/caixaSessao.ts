import { formatDateTime } from '../../../core/formatDate.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { RecordScope } from '../../services/records/buildRecordQuery.ts';

/** What the PDV services receive: the tenant transaction and who acts (RLS on the user's empresa and filial). */
export interface PdvContext {
  tx: Tx;
  scope: RecordScope;
}

/** A cash session as the PDV services read it, locked. */
export interface CaixaTravado {
  id: number;
  pdvId: number;
  pdv: string;
  depositoId: number | null;
  serie: number;
  operadorPdvId: number | null;
  operador: string | null;
  situacao: string | null;
  abertura: string | Date;
  valorAbertura: number;
  /** The PDV counts blind: the operator is never told what the drawer should hold. */
  fechamentoCego: boolean;
}

/**
 * The session `caixaId` of the user's branch, locked FOR UPDATE (sales, sangrias and the fechamento of one
 * session queue on it), refused unless the Frente de caixa opened it and it is still open.
 */
export async function travarCaixaAberto(context: PdvContext, caixaId: number): Promise<CaixaTravado> {
  const caixa = await context.tx.maybeOne<CaixaTravado>(
    `SELECT c.id::int AS id, c.pdv_id::int AS "pdvId", p.descricao AS pdv, p.deposito_id::int AS "depositoId",
            p.serie::int AS serie, c.operador_pdv_id::int AS "operadorPdvId", o.nome AS operador, c.situacao,
            c.abertura, coalesce(c.valor_abertura, 0)::float8 AS "valorAbertura",
            coalesce(p.fechamento_cego, false) AS "fechamentoCego"
       FROM caixa c JOIN pdv p ON p.id = c.pdv_id LEFT JOIN operador_pdv o ON o.id = c.operador_pdv_id
      WHERE c.id = $1 AND c.filial_id = $2
        FOR UPDATE OF c`,
    [caixaId, context.scope.filialId],
  );
  if (!caixa) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Caixa não encontrado nesta filial.');
  if (caixa.situacao === 'fechado')
    throw new HttpError(
      409,
      'CAIXA_FECHADO',
      `O caixa do PDV ${caixa.pdv} aberto em ${formatDateTime(caixa.abertura)} já foi fechado. Abra um novo caixa para continuar.`,
    );
  if (caixa.situacao !== 'aberto')
    throw new HttpError(
      409,
      'CAIXA_FORA_DA_FRENTE',
      `O caixa do PDV ${caixa.pdv} aberto em ${formatDateTime(caixa.abertura)} foi registrado pelo programa do PDV, não pela Frente de caixa: abra um caixa na Frente de caixa.`,
    );
  return caixa;
}

/** A payment method as the PDV reads it; `dinheiro` when its tPag is 01. */
export interface FormaPdv {
  id: number;
  descricao: string;
  tPag: string;
  dinheiro: boolean;
}

/** The active payment methods of the empresa by id. */
export async function formasPagamento(context: PdvContext): Promise<Map<number, FormaPdv>> {
  const rows = await context.tx.query<FormaPdv>(
    `SELECT id::int AS id, descricao, forma_pagamento_fiscal AS "tPag", forma_pagamento_fiscal = '01' AS dinheiro
       FROM forma_pagamento WHERE empresa_id = $1 AND ativo IS NOT FALSE ORDER BY id`,
    [context.scope.empresaId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The cash method (tPag 01, the lowest id when several) that carries the abertura, sangrias, suprimentos and
 * troco; 422 naming where to register it when the empresa has none.
 */
export function formaDinheiro(formas: Map<number, FormaPdv>): FormaPdv {
  const dinheiro = [...formas.values()].find((forma) => forma.dinheiro);
  if (!dinheiro)
    throw new HttpError(
      422,
      'SEM_FORMA_DINHEIRO',
      'Cadastre uma forma de pagamento com a forma fiscal Dinheiro em Configurações › Formas de pagamento: a abertura, o troco, as sangrias e os suprimentos são em dinheiro.',
    );
  return dinheiro;
}

/** The signed movements of a session (cents), its cash method's expected amount reads them. */
export async function movimentosDoCaixa(
  context: PdvContext,
  caixaId: number,
): Promise<{ formaPagamentoId: number; tipo: string; valor: number }[]> {
  return context.tx.query(
    `SELECT forma_pagamento_id::int AS "formaPagamentoId", tipo, round(valor * 100)::int AS valor
       FROM movimento_caixa WHERE caixa_id = $1 ORDER BY id`,
    [caixaId],
  );
}

/** Inserts one ledger row (the caller holds the session's lock); a repeated origem is a 409. */
export async function lancarMovimentoCaixa(
  context: PdvContext,
  movimento: {
    caixaId: number;
    data: string;
    tipo: string;
    formaPagamentoId: number;
    valorCentavos: number;
    motivo?: string | null;
    notaFiscalId?: number | null;
    origemTipo: 'notaFiscal' | 'caixa';
    origemId: number;
    origemLinha: number;
  },
): Promise<number> {
  const row = await context.tx
    .one<{ id: number }>(
      `INSERT INTO movimento_caixa (empresa_id, filial_id, criado_por, alterado_por, caixa_id, data, tipo,
              forma_pagamento_id, valor, motivo, nota_fiscal_id, origem_tipo, origem_id, origem_linha)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8::numeric / 100, $9, $10, $11, $12, $13) RETURNING id::int AS id`,
      [
        context.scope.empresaId,
        context.scope.filialId,
        context.scope.usuarioId,
        movimento.caixaId,
        movimento.data,
        movimento.tipo,
        movimento.formaPagamentoId,
        movimento.valorCentavos,
        movimento.motivo ?? null,
        movimento.notaFiscalId ?? null,
        movimento.origemTipo,
        movimento.origemId,
        movimento.origemLinha,
      ],
    )
    .catch((error: { code?: string }) => {
      if (error.code === '23505')
        throw new HttpError(
          409,
          'MOVIMENTO_CAIXA_JA_LANCADO',
          'Este movimento de caixa já foi lançado: atualize a tela e confira os movimentos do caixa.',
        );
      throw error;
    });
  return row.id;
}
