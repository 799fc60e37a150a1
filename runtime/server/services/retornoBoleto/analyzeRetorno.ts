import { createHash } from 'node:crypto';
import { formatBRL } from '../../../core/formatMoney.ts';
import type { CnabLayout, EfeitoOcorrencia } from '../../../core/parseRetornoCnab.ts';
import { roundMoney } from '../../../core/roundMoney.ts';
import { HttpError } from '../../errors.ts';
import { parseRetornoInWorker } from '../../workers/uploadParsers.ts';
import { type OpenLancamentoRow, openLancamentos } from '../conciliacaoOfx/openLancamentos.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { findBoletos, type RetornoBoleto } from './findBoletos.ts';

// Decision (spec: "Pagamento: gateway-boleto; update transactions"): with a bank-registered boleto
// agreement, updating the transactions means processing the bank's return file (arquivo de retorno CNAB
// 400 or CNAB 240 segmentos T/U) — no external service. Each occurrence is recorded as transacaoPagamento
// rows whose identificadorExterno is a hash of the gateway and the record (without the file's sequence
// numbers), so the same file — or the same occurrence in another file — is never applied twice.

export type AcaoRetorno =
  | 'registrarPagamento'
  | 'baixar'
  | 'confirmarRegistro'
  | 'apenasRegistrar'
  | 'revisar'
  | 'jaProcessado';

/** Situações of situacaoBoleto used here. */
export const BOLETO = { EMITIDO: 0, REGISTRADO: 1, PAGO: 2, VENCIDO: 3, CANCELADO: 4 } as const;

export interface RetornoItem {
  linha: number;
  nossoNumero: string;
  seuNumero: string;
  codigo: string;
  ocorrencia: string;
  efeito: EfeitoOcorrencia;
  dataOcorrencia: string | null;
  dataCredito: string | null;
  valorPago: number;
  tarifa: number;
  boleto: RetornoBoleto | null;
  acao: AcaoRetorno;
  acaoTexto: string;
  /** The receita that gets a baixa, with the baixa's values. */
  receita: {
    id: number;
    descricao: string;
    contaId: number;
    valorPago: number;
    juros: number;
    multa: number;
    desconto: number;
    /** Open balance after this baixa: 0 makes the receita pago, more pago parcialmente. */
    saldoApos: number;
  } | null;
  aviso: string | null;
  identificador: string;
}

export interface RetornoAnalysis {
  gateway: { id: number; descricao: string; banco: string };
  layout: CnabLayout;
  banco: string;
  itens: RetornoItem[];
}

const ACOES: Record<AcaoRetorno, string> = {
  registrarPagamento: 'Registrar pagamento',
  baixar: 'Baixar o boleto',
  confirmarRegistro: 'Confirmar registro',
  apenasRegistrar: 'Apenas registrar',
  revisar: 'Retido para revisão (nada será lançado)',
  jaProcessado: 'Já processado',
};

/** The company's active gateway (RLS and a repeated condition): 400 otherwise. */
async function findGateway(context: RecordContext, id: number) {
  const gateway = context.lookupTarget('gatewayBoleto');
  const col = (field: string) => `"${gateway.fieldMap[field]?.column ?? field}"`;
  const row = await context.tx.maybeOne<{ id: number; descricao: string; banco: string }>(
    `SELECT id, ${col('descricao')} AS descricao, ${col('banco')} AS banco FROM "${gateway.entity.table}"
      WHERE id = $1 AND empresa_id = $2 AND ${col('ativo')} IS NOT FALSE`,
    [id, context.scope.empresaId],
  );
  if (!row)
    throw new HttpError(
      400,
      'GATEWAY_NAO_ENCONTRADO',
      'Gateway de boleto não encontrado ou inativo nesta empresa.',
    );
  return row;
}

/** identificadorExterno values already in the company's gateway statement. */
async function processed(context: RecordContext, ids: string[]): Promise<Set<string>> {
  const transacao = context.lookupTarget('transacaoPagamento');
  const column = `"${transacao.fieldMap.identificadorExterno?.column ?? 'identificador_externo'}"`;
  const rows = await context.tx.query<{ id: string }>(
    `SELECT ${column} AS id FROM "${transacao.entity.table}" WHERE empresa_id = $1 AND ${column} = ANY($2)`,
    [context.scope.empresaId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Receitas linked to the boletos, in the selected branch (RLS): open ones with their balance, and all ids. */
async function receitas(context: RecordContext, ids: number[], lock: boolean) {
  if (ids.length === 0 || !context.scope.filialId)
    return { open: new Map<number, OpenLancamentoRow>(), seen: new Set<number>() };
  const open = await openLancamentos(context, { ids, lock });
  const lancamento = context.lookupTarget('lancamento');
  const rows = await context.tx.query<{ id: number }>(
    `SELECT id FROM "${lancamento.entity.table}" WHERE id = ANY($1) AND empresa_id = $2 AND filial_id = $3`,
    [ids, context.scope.empresaId, context.scope.filialId],
  );
  return {
    open: new Map(open.filter((row) => row.tipo === 1).map((row) => [row.id, row])),
    seen: new Set(rows.map((row) => row.id)),
  };
}

/** Above this, a fee with no boleto or title value to compare with is held for review. */
const TARIFA_MAXIMA_SEM_REFERENCIA = 1000;

/**
 * Amounts out of proportion with the boleto (a glued or shifted field, a wrong layout): a paid amount above
 * ten times the boleto's value, or a fee above the boleto's value. Such an occurrence is held for review,
 * never booked. The reference is the boleto found, else the title value the file states.
 */
export function valorForaDeProporcao(
  ocorrencia: { valorPago: number; tarifa: number; valorTitulo: number },
  boleto: { valor: number } | null,
): string | null {
  const referencia = boleto?.valor && boleto.valor > 0 ? boleto.valor : ocorrencia.valorTitulo;
  if (referencia > 0) {
    if (ocorrencia.valorPago > referencia * 10)
      return `Valor pago ${formatBRL(ocorrencia.valorPago)} fora de proporção com o boleto de ${formatBRL(referencia)}: retido para revisão, nada foi lançado`;
    if (ocorrencia.tarifa > referencia)
      return `Tarifa ${formatBRL(ocorrencia.tarifa)} maior que o boleto de ${formatBRL(referencia)}: retida para revisão, nada foi lançado`;
    return null;
  }
  if (ocorrencia.tarifa > TARIFA_MAXIMA_SEM_REFERENCIA)
    return `Tarifa ${formatBRL(ocorrencia.tarifa)} sem boleto nem valor de título para comparar: retida para revisão, nada foi lançado`;
  return null;
}

/**
 * The receita's baixa for a liquidation. When the bank reports a discount or abatimento, the title is
 * settled completely: the difference between the open balance (plus juros and multa) and the amount paid is
 * recorded as desconto. Juros and multa the bank reports are recorded as such; an amount paid above the
 * balance with none reported is juros. Without any discount reported, paying less is a partial payment.
 */
function baixaDaLiquidacao(
  row: OpenLancamentoRow,
  ocorrencia: { valorPago: number; juros: number; multa: number; desconto: number; abatimento: number },
): NonNullable<RetornoItem['receita']> {
  const valorPago = roundMoney(ocorrencia.valorPago);
  let multa = roundMoney(ocorrencia.multa);
  let juros = roundMoney(ocorrencia.juros);
  const reportedDiscount = ocorrencia.desconto + ocorrencia.abatimento > 0.004;
  let desconto = 0;
  const falta = roundMoney(row.saldo + juros + multa - valorPago);
  if (falta > 0.004 && reportedDiscount) desconto = falta;
  else if (falta < -0.004) juros = roundMoney(juros - falta);
  if (juros + multa > valorPago) {
    juros = Math.min(juros, valorPago);
    multa = roundMoney(Math.min(multa, valorPago - juros));
  }
  const saldoApos = roundMoney(Math.max(0, row.saldo - (valorPago - juros - multa + desconto)));
  const { id, descricao, contaId } = row;
  return { id, descricao, contaId, valorPago, juros, multa, desconto, saldoApos };
}

/**
 * Reads the return file of a gateway and decides, occurrence by occurrence, what applying it does: the
 * boleto it refers to (by nosso número, only among the company's boletos of that gateway), the action
 * (registrar pagamento, baixar, confirmar registro, apenas registrar or já processado), the receita that
 * gets a baixa and warnings. Occurrences are simulated in file order, so two for one boleto chain.
 * With `lock`, the boletos and receitas are locked for the apply that follows in the same transaction.
 */
export async function analyzeRetorno(
  context: RecordContext,
  input: { gatewayBoletoId: number; conteudo: string },
  lock = false,
): Promise<RetornoAnalysis> {
  const gateway = await findGateway(context, input.gatewayBoletoId);
  // Read in a worker thread (untrusted upload): README "Segurança".
  const file = await parseRetornoInWorker(input.conteudo);
  if (file.banco !== gateway.banco)
    throw new HttpError(
      400,
      'BANCO_DIFERENTE',
      `O arquivo é do banco ${file.banco}, mas o gateway "${gateway.descricao}" é do banco ${gateway.banco}.`,
    );
  const hash = (registro: string) =>
    `RET${createHash('sha256').update(`${gateway.id}|${registro}`).digest('hex').slice(0, 40)}`;
  const identificadores = file.ocorrencias.map((item) => hash(item.registro));
  const done = await processed(context, identificadores);
  const boletos = await findBoletos(
    context,
    gateway.id,
    file.ocorrencias.map((item) => item.nossoNumero),
    lock,
  );
  const linked = [...new Set([...boletos.values()].flatMap((b) => (b.lancamentoId ? [b.lancamentoId] : [])))];
  const { open, seen } = await receitas(context, linked, lock);
  const situacoes = new Map<number, number>();
  const inFile = new Set<string>();
  const itens = file.ocorrencias.map((ocorrencia, index): RetornoItem => {
    const identificador = identificadores[index] as string;
    const boleto = boletos.get(ocorrencia.nossoNumero) ?? null;
    const efeito = ocorrencia.efeito;
    let acao: AcaoRetorno = 'apenasRegistrar';
    let aviso: string | null = boleto ? null : 'Boleto não encontrado';
    let receita: RetornoItem['receita'] = null;
    const repeated = inFile.has(identificador);
    inFile.add(identificador);
    const foraDeProporcao = valorForaDeProporcao(ocorrencia, boleto);
    if (done.has(identificador) || repeated) {
      acao = 'jaProcessado';
      aviso = repeated ? 'Ocorrência repetida no arquivo' : aviso;
    } else if (foraDeProporcao) {
      acao = 'revisar';
      aviso = foraDeProporcao;
    } else if (boleto) {
      const situacao = situacoes.get(boleto.id) ?? boleto.situacao;
      if (efeito === 'liquidacao') {
        if (situacao === BOLETO.PAGO) aviso = 'Boleto já estava pago: o crédito é apenas registrado';
        else {
          acao = 'registrarPagamento';
          situacoes.set(boleto.id, BOLETO.PAGO);
          const row = boleto.lancamentoId ? open.get(boleto.lancamentoId) : undefined;
          if (row && row.saldo > 0.004 && ocorrencia.valorPago > 0) {
            receita = baixaDaLiquidacao(row, ocorrencia);
            row.saldo = receita.saldoApos;
          } else if (boleto.lancamentoId && !row)
            aviso = seen.has(boleto.lancamentoId)
              ? 'A receita do boleto já está paga ou cancelada: nenhuma baixa será criada'
              : 'A receita do boleto não é da filial selecionada: selecione a filial dela para baixá-la';
        }
      } else if (efeito === 'baixa') {
        if (situacao === BOLETO.PAGO || situacao === BOLETO.CANCELADO)
          aviso = `Boleto já estava ${situacao === BOLETO.PAGO ? 'pago' : 'cancelado'}`;
        else {
          acao = 'baixar';
          situacoes.set(boleto.id, BOLETO.CANCELADO);
        }
      } else if (efeito === 'entrada' && situacao === BOLETO.EMITIDO) {
        acao = 'confirmarRegistro';
        situacoes.set(boleto.id, BOLETO.REGISTRADO);
      }
    }
    return {
      linha: ocorrencia.linha,
      nossoNumero: ocorrencia.nossoNumero,
      seuNumero: ocorrencia.seuNumero,
      codigo: ocorrencia.codigo,
      ocorrencia: ocorrencia.ocorrencia,
      efeito,
      dataOcorrencia: ocorrencia.dataOcorrencia,
      dataCredito: ocorrencia.dataCredito,
      valorPago: ocorrencia.valorPago,
      tarifa: ocorrencia.tarifa,
      boleto,
      acao,
      acaoTexto: receita ? `${ACOES[acao]} e baixar a receita` : ACOES[acao],
      receita,
      aviso,
      identificador,
    };
  });
  return { gateway, layout: file.layout, banco: file.banco, itens };
}
