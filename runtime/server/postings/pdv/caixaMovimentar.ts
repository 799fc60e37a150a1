import { formatBRL } from '../../../core/formatMoney.ts';
import { esperadoPorForma } from '../../../core/pdv/esperadoPorForma.ts';
import { valorComSinal } from '../../../core/pdv/movimentoCaixa.ts';
import { HttpError } from '../../errors.ts';
import { caixaResumo, type ResumoCaixa } from './caixaResumo.ts';
import {
  formaDinheiro,
  formasPagamento,
  lancarMovimentoCaixa,
  movimentosDoCaixa,
  type PdvContext,
  travarCaixaAberto,
} from './caixaSessao.ts';

export interface MovimentoGavetaInput {
  valor: number;
  motivo: string;
}

/**
 * Sangria (cash taken out) or suprimento (cash put in) of an open session (flows.md §4): in cash, with a
 * motivo; a sangria no larger than the cash the drawer should hold now. One ledger row, origem (caixa, the
 * session, the next number of its own movements) under the session's lock.
 */
export async function movimentarGaveta(
  context: PdvContext,
  caixaId: number,
  tipo: 'sangria' | 'suprimento',
  input: MovimentoGavetaInput,
): Promise<ResumoCaixa> {
  const motivo = String(input.motivo ?? '').trim();
  if (!motivo)
    throw new HttpError(
      422,
      'MOTIVO_OBRIGATORIO',
      `Informe o motivo ${tipo === 'sangria' ? 'da sangria' : 'do suprimento'}.`,
    );
  const valor = Math.round(Number(input.valor) * 100);
  if (!(valor > 0))
    throw new HttpError(
      422,
      'VALOR_INVALIDO',
      `O valor ${tipo === 'sangria' ? 'da sangria' : 'do suprimento'} deve ser maior que zero.`,
    );
  const caixa = await travarCaixaAberto(context, caixaId);
  const dinheiro = formaDinheiro(await formasPagamento(context));
  const movimentos = await movimentosDoCaixa(context, caixaId);
  if (tipo === 'sangria') {
    const gaveta =
      esperadoPorForma(Math.round(caixa.valorAbertura * 100), dinheiro.id, movimentos).get(dinheiro.id) ?? 0;
    if (valor > gaveta)
      throw new HttpError(
        422,
        'SANGRIA_ACIMA_DA_GAVETA',
        caixa.fechamentoCego
          ? `A sangria de ${formatBRL(valor / 100)} passa do dinheiro na gaveta. Conte o dinheiro de novo ou chame o supervisor.`
          : `A sangria de ${formatBRL(valor / 100)} passa do dinheiro na gaveta (${formatBRL(gaveta / 100)}).`,
      );
  }
  const linha = await context.tx.one<{ n: number }>(
    `SELECT coalesce(max(origem_linha), 0)::int + 1 AS n FROM movimento_caixa
      WHERE origem_tipo = 'caixa' AND origem_id = $1`,
    [caixaId],
  );
  await lancarMovimentoCaixa(context, {
    caixaId,
    data: new Date().toISOString(),
    tipo,
    formaPagamentoId: dinheiro.id,
    valorCentavos: valorComSinal(tipo, valor),
    motivo: motivo.slice(0, 200),
    origemTipo: 'caixa',
    origemId: caixaId,
    origemLinha: linha.n,
  });
  return caixaResumo(context, caixaId);
}
