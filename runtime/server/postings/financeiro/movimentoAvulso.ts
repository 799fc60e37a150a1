import { emCentavos, fromCents, toCents } from '../../../core/financeiro/titulos.ts';
import { HttpError } from '../../errors.ts';
import {
  assertDataConta,
  estornarMovimentos,
  type FinanceiroContext,
  filialOf,
  hoje,
  lancarMovimento,
  lockContas,
  movimentosDaOrigem,
} from './razaoFinanceiro.ts';

export interface MovimentoAvulsoInput {
  contaId: number;
  /** YYYY-MM-DD */
  data: string;
  /** Signed, in reais: + entrada (rendimento), − saída (tarifa). */
  valor: number;
  descricao: string;
  categoriaFinanceiraId?: number | null;
  pessoaId?: number | null;
}

/**
 * A movement without a title (tarifa, rendimento, a statement line with no document): origem
 * (avulso, its own id, 1). Returns its id.
 */
export async function lancarMovimentoAvulso(
  context: FinanceiroContext,
  input: MovimentoAvulsoInput,
): Promise<{ id: number; valor: number }> {
  filialOf(context.scope);
  const valor = toCents(input.valor);
  if (!emCentavos(input.valor))
    throw new HttpError(422, 'VALOR_INVALIDO', 'Informe o valor com no máximo duas casas decimais.', {
      fields: { valor: 'no máximo duas casas decimais' },
    });
  if (valor === 0)
    throw new HttpError(
      422,
      'VALOR_INVALIDO',
      'Informe o valor do movimento (positivo entra, negativo sai).',
      {
        fields: { valor: 'Informe um valor diferente de zero.' },
      },
    );
  if (!input.descricao?.trim())
    throw new HttpError(422, 'DESCRICAO_OBRIGATORIA', 'Informe a descrição do movimento.', {
      fields: { descricao: 'Descrição: preenchimento obrigatório' },
    });
  const conta = (await lockContas(context, [input.contaId])).get(input.contaId);
  if (!conta) throw new HttpError(422, 'CONTA_NAO_ENCONTRADA', 'Conta não encontrada nesta filial.');
  assertDataConta(conta, input.data);
  const { id: next } = await context.tx.one<{ id: string }>(
    "SELECT nextval('movimento_financeiro_id_seq') AS id",
  );
  const id = Number(next);
  await lancarMovimento(context, {
    id,
    contaId: conta.id,
    data: input.data,
    valor,
    descricao: input.descricao.trim(),
    categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
    pessoaId: input.pessoaId ?? null,
    origemTipo: 'avulso',
    origemId: id,
    origemLinha: 1,
  });
  context.events?.push({ event: 'movimentoFinanceiro.lancado', id, empresaId: context.scope.empresaId });
  return { id, valor: fromCents(valor) };
}

/** Reverses an avulso movement (its reversing row dated `data`, default today). */
export async function estornarMovimentoAvulso(
  context: FinanceiroContext,
  movimentoId: number,
  options: { data?: string } = {},
): Promise<{ id: number }> {
  filialOf(context.scope);
  const origem = await context.tx.maybeOne<{ origem_tipo: string; origem_id: number }>(
    'SELECT origem_tipo, origem_id FROM movimento_financeiro WHERE id = $1 AND empresa_id = $2',
    [movimentoId, context.scope.empresaId],
  );
  if (!origem)
    throw new HttpError(
      404,
      'MOVIMENTO_NAO_ENCONTRADO',
      `O movimento ${movimentoId} não foi encontrado nesta filial.`,
    );
  if (origem.origem_tipo !== 'avulso' || Number(origem.origem_id) !== movimentoId)
    throw new HttpError(
      409,
      'MOVIMENTO_NAO_AVULSO',
      origem.origem_tipo === 'baixa'
        ? 'Este movimento é de uma baixa: estorne a baixa.'
        : 'Este movimento não é avulso: estorne o documento de origem.',
    );
  const movimentos = await movimentosDaOrigem(context, 'avulso', movimentoId);
  if (movimentos.every((movimento) => movimento.estornado))
    throw new HttpError(409, 'MOVIMENTO_JA_ESTORNADO', 'Este movimento já foi estornado.');
  await lockContas(
    context,
    movimentos.map((movimento) => movimento.contaId),
  );
  const [id] = await estornarMovimentos(
    context,
    movimentos,
    options.data ?? hoje(),
    'Desfaça a conciliação deste movimento com o extrato bancário antes de estorná-lo.',
  );
  context.events?.push({
    event: 'movimentoFinanceiro.lancado',
    id: id as number,
    empresaId: context.scope.empresaId,
  });
  return { id: id as number };
}
