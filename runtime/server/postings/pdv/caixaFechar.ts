import { esperadoPorForma, linhasFechamento } from '../../../core/pdv/esperadoPorForma.ts';
import { HttpError } from '../../errors.ts';
import { caixaResumo, type ResumoCaixa } from './caixaResumo.ts';
import {
  formaDinheiro,
  formasPagamento,
  movimentosDoCaixa,
  type PdvContext,
  travarCaixaAberto,
} from './caixaSessao.ts';

export interface FecharCaixaInput {
  contado: { formaPagamentoId: number; valor: number }[];
  observacoes?: string | null;
}

/**
 * Fechamento (flows.md §4): under the session's lock, the counted amount per payment method against the expected
 * one (abertura in cash + Σ of the ledger per method), one caixaFechamento row per method with diferença =
 * contado − esperado, then the session is fechado (valorFechamento = cash counted) and refuses sales, sangrias
 * and a second fechamento.
 */
export async function fecharCaixa(
  context: PdvContext,
  caixaId: number,
  input: FecharCaixaInput,
): Promise<ResumoCaixa> {
  const { tx, scope } = context;
  const caixa = await travarCaixaAberto(context, caixaId);
  const formas = await formasPagamento(context);
  const dinheiro = formaDinheiro(formas);
  const movimentos = await movimentosDoCaixa(context, caixaId);
  const usadas = new Set(movimentos.map((m) => m.formaPagamentoId));
  const contado = (input.contado ?? []).map((linha) => {
    const valor = Math.round(Number(linha.valor) * 100);
    if (!formas.has(linha.formaPagamentoId) && !usadas.has(linha.formaPagamentoId))
      throw new HttpError(
        422,
        'FORMA_PAGAMENTO_INVALIDA',
        `A forma de pagamento ${linha.formaPagamentoId} não existe ou está inativa.`,
      );
    if (!(valor >= 0))
      throw new HttpError(
        422,
        'VALOR_INVALIDO',
        `O valor contado em ${formas.get(linha.formaPagamentoId)?.descricao ?? 'uma forma'} deve ser zero ou mais.`,
      );
    return { formaPagamentoId: linha.formaPagamentoId, valor };
  });
  const esperado = esperadoPorForma(Math.round(caixa.valorAbertura * 100), dinheiro.id, movimentos);
  const linhas = linhasFechamento(esperado, contado);
  for (const linha of linhas)
    await tx.query(
      `INSERT INTO caixa_fechamento (empresa_id, filial_id, criado_por, alterado_por, caixa_id, forma_pagamento_id,
              esperado, contado, diferenca)
       VALUES ($1, $2, $3, $3, $4, $5, $6::numeric / 100, $7::numeric / 100, $8::numeric / 100)`,
      [
        scope.empresaId,
        scope.filialId,
        scope.usuarioId,
        caixaId,
        linha.formaPagamentoId,
        linha.esperado,
        linha.contado,
        linha.diferenca,
      ],
    );
  const dinheiroContado = linhas.find((linha) => linha.formaPagamentoId === dinheiro.id)?.contado ?? 0;
  await tx.query(
    `UPDATE caixa SET situacao = 'fechado', fechamento = now(), valor_fechamento = $2::numeric / 100,
            observacoes = coalesce($3, observacoes), versao = versao + 1, alterado_em = now(), alterado_por = $4
      WHERE id = $1`,
    [
      caixaId,
      dinheiroContado,
      input.observacoes?.trim() ? input.observacoes.trim().slice(0, 2000) : null,
      scope.usuarioId,
    ],
  );
  return caixaResumo(context, caixaId);
}
