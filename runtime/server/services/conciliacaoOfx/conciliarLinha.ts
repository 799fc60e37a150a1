import { formatBRL } from '../../../core/formatMoney.ts';
import { HttpError } from '../../errors.ts';
import { type BaixaItem, baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import { lancarMovimentoAvulso } from '../../postings/financeiro/movimentoAvulso.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { lockLinha, marcarLinha, SITUACAO_LINHA } from './acoesLinha.ts';

/** What a line is reconciled with (conciliarBody). */
export interface ConciliarInput {
  movimentos?: number[];
  titulos?: Array<{ lancamentoId: number }>;
  diferenca?: 'juros' | 'desconto' | 'parcial';
  novoMovimento?: { descricao: string; categoriaFinanceiraId?: number | null };
}

const cents = (value: number | string) => Math.round(Number(value) * 100);
const reais = (value: number) => value / 100;
const brl = (centsValue: number) => formatBRL(reais(centsValue));
const refuse = (code: string, message: string, status = 422) => new HttpError(status, code, message);

/** The movements chosen, locked: each of the line's account, same direction, not reconciled, not reversed. */
async function movimentosLivres(context: RecordContext, contaId: number, sinal: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await context.tx.query<{
    id: number;
    valor: string;
    conta_id: number;
    extrato_linha_id: number | null;
    estornado: boolean;
    estorno_de: number | null;
    descricao: string | null;
  }>(
    `SELECT m.id, m.valor, m.conta_id, m.extrato_linha_id, m.estorno_de, m.descricao,
            EXISTS (SELECT 1 FROM movimento_financeiro r WHERE r.estorno_de = m.id AND r.empresa_id = m.empresa_id) AS estornado
       FROM movimento_financeiro m WHERE m.id = ANY($1::bigint[]) AND m.empresa_id = $2 ORDER BY m.id FOR UPDATE OF m`,
    [ids, context.scope.empresaId],
  );
  for (const id of ids) {
    const row = rows.find((candidate) => Number(candidate.id) === id);
    const nome = `O movimento ${id}${row?.descricao ? ` ("${row.descricao}")` : ''}`;
    if (!row) throw refuse('MOVIMENTO_NAO_ENCONTRADO', `${nome} não foi encontrado nesta filial.`);
    if (Number(row.conta_id) !== contaId) throw refuse('MOVIMENTO_OUTRA_CONTA', `${nome} é de outra conta.`);
    if (row.extrato_linha_id !== null)
      throw refuse('MOVIMENTO_JA_CONCILIADO', `${nome} já está conciliado com outra linha do extrato.`, 409);
    if (row.estorno_de !== null || row.estornado)
      throw refuse('MOVIMENTO_ESTORNADO', `${nome} foi estornado e não pode ser conciliado.`);
    if (Math.sign(cents(row.valor)) !== sinal)
      throw refuse(
        'SENTIDO_INCOMPATIVEL',
        `${nome} é ${sinal > 0 ? 'uma saída' : 'uma entrada'}; a linha é ${sinal > 0 ? 'um crédito' : 'um débito'}.`,
      );
  }
  return rows.map((row) => ({ id: Number(row.id), valor: cents(row.valor) }));
}

/**
 * The baixa items that settle `titulos` with `valor` cents (flows.md §2): equal to their open total →
 * each at its open value; more → the excess as juros on the last (diferenca 'juros'); less → desconto on
 * the last, quitting them all ('desconto'), or a partial baixa filling them in order ('parcial', default).
 */
function distribuir(
  titulos: Array<{ id: number; descricao: string; aberto: number }>,
  valor: number,
  diferenca: ConciliarInput['diferenca'],
): BaixaItem[] {
  const total = titulos.reduce((sum, titulo) => sum + titulo.aberto, 0);
  const itens = titulos.map((titulo) => ({
    lancamentoId: titulo.id,
    principal: titulo.aberto,
    juros: 0,
    desconto: 0,
  }));
  const last = itens[itens.length - 1] as (typeof itens)[number];
  if (valor > total) {
    if (diferenca !== 'juros')
      throw refuse(
        'DIFERENCA_NAO_INFORMADA',
        `A linha (${brl(valor)}) é maior que o aberto dos títulos (${brl(total)}): informe a diferença de ${brl(valor - total)} como juros ou crie um movimento com ela.`,
      );
    last.juros = valor - total;
  } else if (valor < total) {
    if (diferenca === 'juros')
      throw refuse(
        'DIFERENCA_INVALIDA',
        `A linha (${brl(valor)}) é menor que o aberto dos títulos (${brl(total)}): a diferença não são juros; escolha desconto ou baixa parcial.`,
      );
    if (diferenca === 'desconto') {
      const titulo = titulos[titulos.length - 1] as (typeof titulos)[number];
      if (total - valor >= titulo.aberto)
        throw refuse(
          'DESCONTO_MAIOR',
          `O desconto (${brl(total - valor)}) não cabe no último título "${titulo.descricao}" (${brl(titulo.aberto)} em aberto); retire títulos ou use baixa parcial.`,
        );
      last.desconto = total - valor;
    } else {
      let resto = valor;
      for (const [index, item] of itens.entries()) {
        const titulo = titulos[index] as (typeof titulos)[number];
        if (resto <= 0)
          throw refuse(
            'TITULO_SEM_VALOR',
            `O valor da linha acaba antes do título "${titulo.descricao}"; retire-o da conciliação.`,
          );
        item.principal = Math.min(titulo.aberto, resto);
        resto -= item.principal;
      }
    }
  }
  return itens.map((item) => ({
    lancamentoId: item.lancamentoId,
    principal: reais(item.principal),
    ...(item.juros ? { juros: reais(item.juros) } : {}),
    ...(item.desconto ? { desconto: reais(item.desconto) } : {}),
  }));
}

/**
 * Reconciles a pending line (flows.md §2 actions), all in the caller's transaction: links existing
 * movements of its account, settles open titles through baixarTitulos on the line's date (the difference
 * as juros or desconto, or a partial baixa) and/or posts a new movement (tarifa, rendimento) through
 * lancarMovimentoAvulso with what is left — then links every movement to the line. INV: Σ linked
 * movements = the line's amount, else nothing is written (422 naming the difference).
 */
export async function conciliarLinha(
  context: RecordContext,
  id: number,
  input: ConciliarInput,
): Promise<{ id: number; situacao: number; movimentos: number[] }> {
  const linha = await lockLinha(context, id);
  if (linha.situacao !== SITUACAO_LINHA.PENDENTE)
    throw refuse(
      'LINHA_NAO_PENDENTE',
      `A linha do extrato já está ${linha.situacao === 1 ? 'conciliada' : 'ignorada'}; desfaça antes de conciliá-la de novo.`,
      409,
    );
  const valorLinha = cents(linha.valor);
  const sinal = Math.sign(valorLinha);
  const movimentoIds = [...new Set(input.movimentos ?? [])];
  const tituloIds = [...new Set((input.titulos ?? []).map((titulo) => titulo.lancamentoId))];
  if (movimentoIds.length + tituloIds.length === 0 && !input.novoMovimento)
    throw refuse(
      'NADA_A_CONCILIAR',
      'Escolha movimentos ou títulos para conciliar a linha, ou crie um movimento com ela.',
    );
  const existentes = await movimentosLivres(context, linha.contaId, sinal, movimentoIds);
  let resto = valorLinha - existentes.reduce((sum, movimento) => sum + movimento.valor, 0);
  const ligados = existentes.map((movimento) => movimento.id);
  if (tituloIds.length > 0) {
    const rows = await context.tx.query<{
      id: number;
      tipo: number;
      descricao: string;
      valor_aberto: string;
    }>(
      'SELECT id, tipo, descricao, valor_aberto FROM lancamento WHERE id = ANY($1::bigint[]) AND empresa_id = $2 AND filial_id = $3',
      [tituloIds, context.scope.empresaId, context.scope.filialId],
    );
    const titulos = tituloIds.map((tituloId) => {
      const row = rows.find((candidate) => Number(candidate.id) === tituloId);
      if (!row)
        throw refuse(
          'LANCAMENTO_NAO_ENCONTRADO',
          `O lançamento ${tituloId} não foi encontrado nesta filial.`,
        );
      if (Number(row.tipo) !== (sinal > 0 ? 1 : 2))
        throw refuse(
          'SENTIDO_INCOMPATIVEL',
          `"${row.descricao}": ${sinal > 0 ? 'um crédito só baixa uma receita' : 'um débito só baixa uma despesa'}.`,
        );
      const aberto = cents(row.valor_aberto);
      if (aberto <= 0) throw refuse('LANCAMENTO_QUITADO', `"${row.descricao}" não tem valor em aberto.`);
      return { id: tituloId, descricao: row.descricao, aberto };
    });
    const disponivel = Math.abs(resto);
    if (Math.sign(resto) !== sinal || disponivel === 0)
      throw refuse(
        'SEM_VALOR_PARA_TITULOS',
        'Os movimentos escolhidos já somam o valor da linha; retire os títulos.',
      );
    const total = titulos.reduce((sum, titulo) => sum + titulo.aberto, 0);
    // With a new movement the titles are settled at their open value and the movement takes the rest.
    const itens =
      input.novoMovimento && disponivel > total
        ? distribuir(titulos, total, undefined)
        : distribuir(titulos, disponivel, input.diferenca);
    const baixas = await baixarTitulos(context, {
      data: linha.data,
      contaId: linha.contaId,
      observacao: `Conciliação OFX: ${linha.memo ?? linha.nome ?? `linha ${linha.id}`}`.slice(0, 2000),
      itens,
    });
    for (const baixa of baixas) {
      ligados.push(baixa.movimentoFinanceiroId);
      resto -= sinal * cents(baixa.valorPago);
    }
  }
  if (input.novoMovimento) {
    if (resto === 0 || Math.sign(resto) !== sinal)
      throw refuse('SEM_VALOR_PARA_MOVIMENTO', 'Não sobra valor da linha para um movimento novo.');
    const movimento = await lancarMovimentoAvulso(context, {
      contaId: linha.contaId,
      data: linha.data,
      valor: reais(resto),
      descricao: input.novoMovimento.descricao,
      categoriaFinanceiraId: input.novoMovimento.categoriaFinanceiraId ?? null,
    });
    ligados.push(movimento.id);
    resto = 0;
  }
  if (resto !== 0)
    throw refuse(
      'SOMA_DIFERENTE',
      `O que foi escolhido soma ${brl(valorLinha - resto)} e a linha é de ${brl(valorLinha)} (diferença ${brl(resto)}): complete com títulos, juros/desconto ou um movimento novo.`,
    );
  const soma = await context.tx.one<{ soma: string }>(
    `WITH ligados AS (
       UPDATE movimento_financeiro SET extrato_linha_id = $1, alterado_em = now(), alterado_por = $3
        WHERE id = ANY($2::bigint[]) AND extrato_linha_id IS NULL RETURNING valor)
     SELECT coalesce(sum(valor), 0) AS soma FROM ligados`,
    [id, ligados, context.scope.usuarioId],
  );
  // INV (flows.md §2): Σ matched = line amount — a movement taken meanwhile leaves nothing written.
  if (cents(soma.soma) !== valorLinha)
    throw refuse(
      'SOMA_DIFERENTE',
      `Os movimentos ligados somam ${brl(cents(soma.soma))} e a linha é de ${brl(valorLinha)}; recarregue e tente novamente.`,
      409,
    );
  await marcarLinha(context, id, SITUACAO_LINHA.CONCILIADO);
  return { id, situacao: SITUACAO_LINHA.CONCILIADO, movimentos: ligados };
}
