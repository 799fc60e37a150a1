import { roundMoney } from '../../../core/roundMoney.ts';
import { baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import { hoje } from '../../postings/financeiro/razaoFinanceiro.ts';
import { createRecord } from '../records/createRecord.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { type AcaoRetorno, analyzeRetorno, BOLETO, type RetornoItem } from './analyzeRetorno.ts';

const SITUACAO: Partial<Record<AcaoRetorno, number>> = {
  registrarPagamento: BOLETO.PAGO,
  baixar: BOLETO.CANCELADO,
  confirmarRegistro: BOLETO.REGISTRADO,
};

/** A date as the transacaoPagamento datetime: noon UTC keeps the calendar day in every Brazilian zone. */
const noon = (date: string | null) => `${date ?? new Date().toISOString().slice(0, 10)}T12:00:00.000Z`;

function descricao(prefix: string, item: RetornoItem) {
  const text = `${prefix}${item.ocorrencia} — nosso número ${item.nossoNumero}${item.boleto?.cliente ? ` — ${item.boleto.cliente}` : ''}`;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

async function updateBoleto(context: RecordContext, item: RetornoItem, situacao: number) {
  const boleto = context.lookupTarget('boleto');
  const col = (field: string) => `"${boleto.fieldMap[field]?.column ?? field}"`;
  const paid = situacao === BOLETO.PAGO;
  await context.tx.query(
    `UPDATE "${boleto.entity.table}" SET ${col('situacao')} = $1,
            ${col('dataPagamento')} = CASE WHEN $2 THEN $3::date ELSE ${col('dataPagamento')} END,
            ${col('valorPago')} = CASE WHEN $2 THEN $4::numeric ELSE ${col('valorPago')} END,
            versao = versao + 1, alterado_em = now(), alterado_por = $5
      WHERE id = $6 AND empresa_id = $7`,
    [
      situacao,
      paid,
      item.dataOcorrencia ?? item.dataCredito,
      item.valorPago,
      context.scope.usuarioId,
      item.boleto?.id,
      context.scope.empresaId,
    ],
  );
}

/** The receita's baixa through the finance posting (baixa, movement on the account, title's situação). */
async function settleReceita(context: RecordContext, item: RetornoItem) {
  const receita = item.receita;
  if (!receita) return;
  await baixarTitulos(context, {
    data: item.dataCredito ?? item.dataOcorrencia ?? hoje(),
    contaId: receita.contaId,
    observacao: `[Retorno ${item.identificador}] Boleto ${item.nossoNumero}`,
    itens: [
      {
        lancamentoId: receita.id,
        principal: roundMoney(receita.valorPago - receita.juros - receita.multa + receita.desconto),
        juros: receita.juros,
        multa: receita.multa,
        desconto: receita.desconto,
      },
    ],
  });
}

/** The gateway statement rows of an occurrence: the credit of a payment (or the fee) and a fee debit. */
async function recordTransacoes(context: RecordContext, gatewayId: number, item: RetornoItem) {
  const transacao = { ...context, record: context.lookupTarget('transacaoPagamento') };
  const base = {
    gatewayBoletoId: gatewayId,
    boletoId: item.boleto?.id ?? null,
    data: noon(item.dataCredito ?? item.dataOcorrencia),
  };
  // The credit carries its fee for reading; the fee itself moves the balance as its own debit line.
  if (item.efeito === 'liquidacao') {
    await createRecord(transacao, {
      ...base,
      descricao: descricao('', item),
      tipo: 1,
      valor: item.valorPago,
      tarifa: item.tarifa,
      identificadorExterno: item.identificador,
    });
    if (item.tarifa <= 0) return 1;
    await createRecord(transacao, {
      ...base,
      descricao: descricao('Tarifa: ', item),
      tipo: 0,
      valor: item.tarifa,
      tarifa: 0,
      identificadorExterno: `${item.identificador}-T`,
    });
    return 2;
  }
  // Other occurrences: one debit of their fee (0 when none), which also marks them as processed.
  await createRecord(transacao, {
    ...base,
    descricao: descricao(item.tarifa > 0 ? 'Tarifa: ' : '', item),
    tipo: 0,
    valor: item.tarifa,
    tarifa: 0,
    identificadorExterno: item.identificador,
  });
  return 1;
}

/**
 * Applies a return file in the caller's transaction (all or nothing): re-reads it with the boletos and
 * receitas locked, then for every occurrence not processed before updates the boleto (pago with
 * dataPagamento and valorPago, cancelado, registrado), creates the receita's baixa and records the
 * gateway statement rows.
 */
export async function applyRetorno(
  context: RecordContext,
  input: { gatewayBoletoId: number; conteudo: string },
) {
  const analysis = await analyzeRetorno(context, input, true);
  const result = {
    ocorrencias: 0,
    pagamentos: 0,
    baixados: 0,
    registrados: 0,
    baixasReceita: 0,
    transacoes: 0,
    jaProcessadas: 0,
    retidas: 0,
  };
  for (const item of analysis.itens) {
    if (item.acao === 'jaProcessado') {
      result.jaProcessadas += 1;
      continue;
    }
    // Held for review: nothing booked and nothing marked processed, so a corrected file applies later.
    if (item.acao === 'revisar') {
      result.retidas += 1;
      continue;
    }
    result.ocorrencias += 1;
    const situacao = SITUACAO[item.acao];
    if (situacao !== undefined && item.boleto) {
      await updateBoleto(context, item, situacao);
      if (item.acao === 'registrarPagamento') result.pagamentos += 1;
      if (item.acao === 'baixar') result.baixados += 1;
      if (item.acao === 'confirmarRegistro') result.registrados += 1;
    }
    if (item.receita) {
      await settleReceita(context, item);
      result.baixasReceita += 1;
    }
    result.transacoes += await recordTransacoes(context, analysis.gateway.id, item);
  }
  return result;
}
