import { dataBR, fromCents, situacaoTitulo, toCents } from '../../../core/financeiro/titulos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import { HttpError } from '../../errors.ts';
import type { PostingService } from '../PostingContext.ts';
import {
  estornarMovimentos,
  type FinanceiroContext,
  filialOf,
  hoje,
  movimentosDaOrigem,
} from './razaoFinanceiro.ts';

/** The title after an estorno. */
export interface EstornoBaixa {
  baixaId: number;
  lancamentoId: number;
  movimentoEstornoId: number | null;
  titulo: { valorPago: number; valorAberto: number; situacao: number };
}

/**
 * Estorno de baixa (flows.md §2): the reversing movement of the baixa's movement dated `data` (default
 * today; not before the baixa), the baixa marked estornada, its principal given back to the title, whose
 * situação follows (F2) — in the caller's transaction. Refused (409) when already reversed, or while the
 * movement is reconciled with a statement line: undo the conciliação first.
 */
export async function estornarBaixa(
  context: FinanceiroContext,
  baixaId: number,
  options: { data?: string } = {},
): Promise<EstornoBaixa> {
  const { tx, scope } = context;
  filialOf(scope);
  const data = options.data ?? hoje();
  const baixa = await tx.maybeOne<Record<string, string | boolean | null>>(
    `SELECT id, lancamento_id, principal, estornada, to_char(data_pagamento, 'YYYY-MM-DD') AS data_pagamento,
            to_char(data_estorno, 'YYYY-MM-DD') AS data_estorno
       FROM baixa WHERE id = $1 AND empresa_id = $2 FOR UPDATE`,
    [baixaId, scope.empresaId],
  );
  if (!baixa)
    throw new HttpError(404, 'BAIXA_NAO_ENCONTRADA', `A baixa ${baixaId} não foi encontrada nesta filial.`);
  if (baixa.estornada === true)
    throw new HttpError(
      409,
      'BAIXA_JA_ESTORNADA',
      `Esta baixa já foi estornada${baixa.data_estorno ? ` em ${dataBR(String(baixa.data_estorno))}` : ''}.`,
    );
  if (data < String(baixa.data_pagamento))
    throw new HttpError(
      422,
      'ESTORNO_ANTES_DA_BAIXA',
      `A data do estorno (${dataBR(data)}) não pode ser anterior à data da baixa (${dataBR(String(baixa.data_pagamento))}).`,
    );
  const lancamentoId = Number(baixa.lancamento_id);
  const titulo = await tx.one<{ valor: string; valor_pago: string; situacao: number | null }>(
    'SELECT valor, valor_pago, situacao FROM lancamento WHERE id = $1 FOR UPDATE',
    [lancamentoId],
  );
  const movimentos = await movimentosDaOrigem(context, 'baixa', baixaId);
  const [estorno = null] = await estornarMovimentos(
    context,
    movimentos,
    data,
    'Desfaça a conciliação desta baixa com o extrato bancário antes de estorná-la (Financeiro › Conciliação OFX).',
  );
  await tx.query(
    `UPDATE baixa SET estornada = true, data_estorno = $2, versao = versao + 1, alterado_em = now(), alterado_por = $3
      WHERE id = $1`,
    [baixaId, data, scope.usuarioId],
  );
  const valor = toCents(titulo.valor);
  const pago = toCents(titulo.valor_pago) - toCents(baixa.principal as string);
  const situacao = situacaoTitulo(valor, pago, titulo.situacao === 3);
  await tx.query(
    `UPDATE lancamento SET valor_pago = $2, situacao = $3, versao = versao + 1, alterado_em = now(), alterado_por = $4
      WHERE id = $1`,
    [lancamentoId, fromCents(pago), situacao, scope.usuarioId],
  );
  context.events?.push({
    event: 'lancamento.estornado',
    id: lancamentoId,
    empresaId: scope.empresaId,
    situacao: String(situacao),
  });
  if (estorno !== null)
    context.events?.push({ event: 'movimentoFinanceiro.lancado', id: estorno, empresaId: scope.empresaId });
  return {
    baixaId,
    lancamentoId,
    movimentoEstornoId: estorno,
    titulo: { valorPago: fromCents(pago), valorAberto: fromCents(valor - pago), situacao },
  };
}

/** Effect `financeiro.estornarBaixa` of the baixa's estornar action (POST /api/Baixas/{id}/estornar). */
export const estornarBaixaEffect: PostingService = async (context) => {
  await estornarBaixa(context, Number(context.doc.id), { data: hojeBrasilia(new Date(context.agora)) });
};
