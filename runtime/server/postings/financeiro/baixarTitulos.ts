import {
  BaixaInvalidaError,
  conferirBaixa,
  emCentavos,
  fromCents,
  SITUACAO_TITULO,
  situacaoTitulo,
  toCents,
} from '../../../core/financeiro/titulos.ts';
import { HttpError } from '../../errors.ts';
import {
  assertDataConta,
  type FinanceiroContext,
  filialOf,
  lancarMovimento,
  lockContas,
} from './razaoFinanceiro.ts';

/** One title settled by a baixa: money in reais, as the API takes it. */
export interface BaixaItem {
  lancamentoId: number;
  principal: number;
  juros?: number;
  multa?: number;
  desconto?: number;
}

export interface BaixarTitulosInput {
  /** YYYY-MM-DD, the payment date (the movement's date). */
  data: string;
  /** The account actually moved. */
  contaId: number;
  formaPagamentoFinanceiroId?: number | null;
  observacao?: string | null;
  itens: BaixaItem[];
}

/** A posted baixa and its title after it. */
export interface BaixaPostada {
  id: number;
  lancamentoId: number;
  movimentoFinanceiroId: number;
  principal: number;
  juros: number;
  multa: number;
  desconto: number;
  valorPago: number;
  /** The title after the baixa. */
  titulo: { valorPago: number; valorAberto: number; situacao: number };
}

interface TituloLocked {
  id: number;
  tipo: number;
  descricao: string;
  valor: number;
  pago: number;
  situacao: number;
  pessoaId: number | null;
  categoriaFinanceiraId: number | null;
}

/**
 * Baixa of one or several titles at once (flows.md §2): per item one baixa row and one movement of its
 * total (F8: principal + juros + multa − desconto; + for a receita, − for a despesa) on the account, the
 * title's valor_pago and situação (F2) updated, all in the caller's transaction — a refused item (F1
 * overpayment, a cancelled title, a date before the account's saldo inicial) posts nothing. Titles are
 * locked by id, then the account. Returns the baixas; the events lancamento.baixado and
 * movimentoFinanceiro.lancado go to context.events.
 */
export async function baixarTitulos(
  context: FinanceiroContext,
  input: BaixarTitulosInput,
): Promise<BaixaPostada[]> {
  const { tx, scope } = context;
  filialOf(scope);
  if (input.itens.length === 0)
    throw new HttpError(422, 'BAIXA_SEM_TITULOS', 'Selecione ao menos um lançamento para baixar.');
  const ids = [...new Set(input.itens.map((item) => item.lancamentoId))].sort((a, b) => a - b);
  const rows = await tx.query<Record<string, string | null>>(
    `SELECT id, tipo, descricao, valor, valor_pago, situacao, pessoa_id, categoria_financeira_id
       FROM lancamento WHERE id = ANY($1::bigint[]) AND empresa_id = $2 ORDER BY id FOR UPDATE`,
    [ids, scope.empresaId],
  );
  const titulos = new Map<number, TituloLocked>(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        tipo: Number(row.tipo),
        descricao: row.descricao ?? '',
        valor: toCents(row.valor),
        pago: toCents(row.valor_pago),
        situacao: Number(row.situacao ?? 0),
        pessoaId: row.pessoa_id === null ? null : Number(row.pessoa_id),
        categoriaFinanceiraId:
          row.categoria_financeira_id === null ? null : Number(row.categoria_financeira_id),
      },
    ]),
  );
  const conta = (await lockContas(context, [input.contaId])).get(input.contaId);
  if (!conta) throw new HttpError(422, 'CONTA_NAO_ENCONTRADA', 'Conta não encontrada nesta filial.');
  assertDataConta(conta, input.data);
  const postadas: BaixaPostada[] = [];
  for (const [index, item] of input.itens.entries()) {
    const titulo = titulos.get(item.lancamentoId);
    const campo = (name: string) => (input.itens.length > 1 ? `itens[${index}].${name}` : name);
    if (!titulo)
      throw new HttpError(
        422,
        'LANCAMENTO_NAO_ENCONTRADO',
        `O lançamento ${item.lancamentoId} não foi encontrado nesta filial.`,
      );
    if (titulo.tipo !== 1 && titulo.tipo !== 2)
      throw new HttpError(
        422,
        'LANCAMENTO_NAO_E_TITULO',
        `"${titulo.descricao}" é uma transferência: efetive-a em vez de baixar.`,
      );
    if (titulo.situacao === SITUACAO_TITULO.CANCELADO)
      throw new HttpError(
        422,
        'LANCAMENTO_CANCELADO',
        `"${titulo.descricao}" está cancelado e não pode ser baixado.`,
      );
    for (const nome of ['principal', 'juros', 'multa', 'desconto'] as const)
      if (!emCentavos(item[nome]))
        throw new HttpError(422, 'VALOR_INVALIDO', `Informe ${nome} com no máximo duas casas decimais.`, {
          fields: { [campo(nome)]: 'no máximo duas casas decimais' },
        });
    const valores = {
      principal: toCents(item.principal),
      juros: toCents(item.juros),
      multa: toCents(item.multa),
      desconto: toCents(item.desconto),
    };
    let total: number;
    try {
      total = conferirBaixa(valores, titulo.valor - titulo.pago);
    } catch (error) {
      if (!(error instanceof BaixaInvalidaError)) throw error;
      const message = input.itens.length > 1 ? `${error.message} — "${titulo.descricao}"` : error.message;
      throw new HttpError(422, 'BAIXA_INVALIDA', message, {
        fields: { [campo(error.campo)]: error.message },
      });
    }
    const baixa = await tx.one<{ id: string }>(
      `INSERT INTO baixa (empresa_id, filial_id, criado_por, alterado_por, lancamento_id, data_pagamento, principal,
              juros, multa, desconto, valor_pago, conta_id, forma_pagamento_financeiro_id, observacao, estornada)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, false) RETURNING id`,
      [
        scope.empresaId,
        scope.filialId,
        scope.usuarioId,
        titulo.id,
        input.data,
        fromCents(valores.principal),
        fromCents(valores.juros),
        fromCents(valores.multa),
        fromCents(valores.desconto),
        fromCents(total),
        conta.id,
        input.formaPagamentoFinanceiroId ?? null,
        input.observacao ?? null,
      ],
    );
    const baixaId = Number(baixa.id);
    const movimentoId = await lancarMovimento(context, {
      contaId: conta.id,
      data: input.data,
      valor: titulo.tipo === 1 ? total : -total,
      descricao: titulo.descricao,
      categoriaFinanceiraId: titulo.categoriaFinanceiraId,
      pessoaId: titulo.pessoaId,
      lancamentoId: titulo.id,
      baixaId,
      origemTipo: 'baixa',
      origemId: baixaId,
      origemLinha: 1,
    });
    await tx.query('UPDATE baixa SET movimento_financeiro_id = $2 WHERE id = $1', [baixaId, movimentoId]);
    titulo.pago += valores.principal;
    titulo.situacao = situacaoTitulo(titulo.valor, titulo.pago);
    await tx.query(
      `UPDATE lancamento SET valor_pago = $2, situacao = $3, versao = versao + 1, alterado_em = now(), alterado_por = $4
        WHERE id = $1`,
      [titulo.id, fromCents(titulo.pago), titulo.situacao, scope.usuarioId],
    );
    postadas.push({
      id: baixaId,
      lancamentoId: titulo.id,
      movimentoFinanceiroId: movimentoId,
      principal: fromCents(valores.principal),
      juros: fromCents(valores.juros),
      multa: fromCents(valores.multa),
      desconto: fromCents(valores.desconto),
      valorPago: fromCents(total),
      titulo: {
        valorPago: fromCents(titulo.pago),
        valorAberto: fromCents(titulo.valor - titulo.pago),
        situacao: titulo.situacao,
      },
    });
    context.events?.push(
      {
        event: 'lancamento.baixado',
        id: titulo.id,
        empresaId: scope.empresaId,
        situacao: String(titulo.situacao),
      },
      { event: 'movimentoFinanceiro.lancado', id: movimentoId, empresaId: scope.empresaId },
    );
  }
  return postadas;
}
