import type { LedgerDifference } from '../../core/estoque/checkStockLedger.ts';
import { roundMoney } from '../../core/roundMoney.ts';
import type { Database } from '../db/database.ts';
import { checkFinanceiro } from './financeiro/checkFinanceiro.ts';
import { checkCaixa } from './pdv/checkCaixa.ts';

/** A difference of one key or document, with where it was found. */
export interface LedgerReportLine extends LedgerDifference {
  empresaId: number;
  chave: string;
}

/** What the check read and found. */
export interface LedgerReport {
  movimentacoes: number;
  saldos: number;
  /** Rows of the finance ledger (movimento_financeiro) and baixas checked (flows.md §2 F1–F4, F8). */
  movimentosFinanceiros: number;
  baixas: number;
  /** Rows of the cash-session ledger (movimento_caixa) and Frente de caixa sessions checked (flows.md §4). */
  movimentosCaixa: number;
  caixas: number;
  diferencas: LedgerReportLine[];
}

interface Found {
  regra: string;
  empresa_id: string;
  produto_id: string | null;
  deposito_id: string | null;
  lote_id: string | null;
  origem_id: string | null;
  movimentacao_id: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
}

/**
 * The invariants of flows.md §1 recomputed in PostgreSQL in one statement (one sort of the ledger by key
 * and posting order, window functions per key), the same rules as checkStockLedger/checkTransferRows of
 * runtime/core (which the tests use as the oracle): E3 qtdApos(n) = qtdApos(n−1) + qtd(n); E2 valorApos =
 * Σ difValor (±0.005) and ≈ qtdApos·custoMedioApos (±0.01); E4 a saída keeps the average; per key E1
 * físico = Σ qtd, E2 valor = Σ difValor, the stored average equal to the last row's; a balance with no
 * ledger row must be zero; E7 per transfer: two rows (two more per estorno) cancelling out, per transfer
 * between filiais two (sent) or four (received) rows, two per cancel, cancelling out; the in-transit balance
 * of each key equal to the quantity of the transfers between filiais still 'enviado'. The key includes the
 * variação and the in-transit flag; the a receber of each (produto, depósito) equal to what the approved
 * purchase orders still wait for (Σ max(quantidade − recebida, 0) of the aReceber/parcial ones). Only the
 * differences come back, with their figures; the messages are written here.
 */
const CHECK_SQL = `
WITH m AS MATERIALIZED (
  SELECT id, empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito, qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor,
         balanco, estorno_de,
         lag(qtd_apos, 1, 0) OVER w AS qtd_antes, lag(custo_medio_apos, 1, 0) OVER w AS custo_antes,
         round(sum(dif_valor) OVER w, 2) AS valor_acum, round(sum(qtd) OVER w, 6) AS qtd_acum,
         lead(id) OVER w IS NULL AS ultima
    FROM movimentacao_estoque
  WINDOW w AS (PARTITION BY empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito ORDER BY id)
),
chaves AS (
  SELECT coalesce(m.empresa_id, s.empresa_id) AS empresa_id, coalesce(m.produto_id, s.produto_id) AS produto_id,
         coalesce(m.deposito_id, s.deposito_id) AS deposito_id, coalesce(m.lote_id, s.lote_id) AS lote_id,
         m.id IS NOT NULL AS tem_razao, coalesce(m.qtd_acum, 0) AS fisico, coalesce(m.valor_acum, 0) AS valor,
         coalesce(m.custo_medio_apos, 0) AS custo, s.id IS NOT NULL AS tem_saldo, coalesce(s.fisico, 0) AS s_fisico,
         coalesce(s.valor, 0) AS s_valor, coalesce(s.custo_medio, 0) AS s_custo
    FROM (SELECT * FROM m WHERE ultima) m
    FULL JOIN saldo_estoque s
      ON s.empresa_id = m.empresa_id AND s.produto_id = m.produto_id AND s.deposito_id = m.deposito_id
     AND coalesce(s.lote_id, 0) = coalesce(m.lote_id, 0) AND coalesce(s.variacao_id, 0) = coalesce(m.variacao_id, 0)
     AND s.em_transito = m.em_transito
)
SELECT 'contagem' AS regra, 0 AS empresa_id, NULL::bigint AS produto_id, NULL::bigint AS deposito_id,
       NULL::bigint AS lote_id, NULL::bigint AS origem_id, NULL::bigint AS movimentacao_id,
       (SELECT count(*) FROM m)::numeric AS a, (SELECT count(*) FROM saldo_estoque)::numeric AS b, NULL::numeric AS c
UNION ALL
SELECT 'E3', empresa_id, produto_id, deposito_id, lote_id, NULL, id, qtd_apos, round(qtd_antes + qtd, 6), NULL
  FROM m WHERE abs(qtd_apos - round(qtd_antes + qtd, 6)) > 1e-9
UNION ALL
SELECT 'E2acum', empresa_id, produto_id, deposito_id, lote_id, NULL, id, valor_apos, valor_acum, NULL
  FROM m WHERE abs(valor_apos - valor_acum) > 0.005
UNION ALL
SELECT 'E2custo', empresa_id, produto_id, deposito_id, lote_id, NULL, id, valor_apos, qtd_apos * custo_medio_apos, NULL
  FROM m WHERE abs(valor_apos - qtd_apos * custo_medio_apos) > 0.01 + 1e-9
UNION ALL
SELECT 'E4', empresa_id, produto_id, deposito_id, lote_id, NULL, id, custo_antes, custo_medio_apos, NULL
  FROM m WHERE qtd < 0 AND NOT coalesce(balanco, false) AND estorno_de IS NULL AND abs(custo_medio_apos - custo_antes) > 1e-9
UNION ALL
SELECT 'E1', empresa_id, produto_id, deposito_id, lote_id, NULL, NULL, s_fisico, fisico, NULL
  FROM chaves WHERE tem_razao AND abs(s_fisico - fisico) > 1e-9
UNION ALL
SELECT 'E2saldo', empresa_id, produto_id, deposito_id, lote_id, NULL, NULL, s_valor, valor, NULL
  FROM chaves WHERE tem_razao AND abs(s_valor - valor) > 0.005
UNION ALL
SELECT 'custo', empresa_id, produto_id, deposito_id, lote_id, NULL, NULL, s_custo, custo, NULL
  FROM chaves WHERE tem_razao AND abs(s_custo - custo) > 1e-6
UNION ALL
SELECT 'E1orfao', empresa_id, produto_id, deposito_id, lote_id, NULL, NULL, s_fisico, NULL, NULL
  FROM chaves WHERE NOT tem_razao AND (s_fisico <> 0 OR s_valor <> 0)
UNION ALL
SELECT 'E7', empresa_id, NULL, NULL, NULL, origem_id, NULL, count(*), round(sum(qtd), 6), round(sum(dif_valor), 2)
  FROM movimentacao_estoque WHERE origem_tipo IN ('transferenciaEstoque', 'transferenciaEstoque.estorno')
 GROUP BY empresa_id, origem_id, origem_tipo
HAVING count(*) <> 2 OR round(sum(qtd), 6) <> 0 OR round(sum(dif_valor), 2) <> 0
UNION ALL
SELECT 'E7filial', empresa_id, NULL, NULL, NULL, origem_id, NULL, count(*), round(sum(qtd), 6), round(sum(dif_valor), 2)
  FROM movimentacao_estoque WHERE origem_tipo IN ('transferenciaFilial', 'transferenciaFilial.estorno')
 GROUP BY empresa_id, origem_id, origem_tipo
HAVING count(*) NOT IN (2, 4) OR round(sum(qtd), 6) <> 0 OR round(sum(dif_valor), 2) <> 0
UNION ALL
SELECT 'transito', coalesce(l.empresa_id, t.empresa_id), coalesce(l.produto_id, t.produto_id),
       coalesce(l.deposito_id, t.deposito_id), coalesce(l.lote_id, t.lote_id), NULL, NULL, coalesce(l.q, 0),
       coalesce(t.q, 0), NULL
  FROM (SELECT empresa_id, produto_id, deposito_id, lote_id, variacao_id, round(sum(qtd), 6) AS q
          FROM movimentacao_estoque WHERE em_transito GROUP BY 1, 2, 3, 4, 5) l
  FULL JOIN (SELECT empresa_id, produto_id, deposito_destino_id AS deposito_id, lote_id, variacao_id,
                    round(sum(quantidade), 6) AS q
               FROM transferencia_filial WHERE situacao = 'enviado' GROUP BY 1, 2, 3, 4, 5) t
    ON t.empresa_id = l.empresa_id AND t.produto_id = l.produto_id AND t.deposito_id = l.deposito_id
   AND coalesce(t.lote_id, 0) = coalesce(l.lote_id, 0) AND coalesce(t.variacao_id, 0) = coalesce(l.variacao_id, 0)
 WHERE coalesce(l.q, 0) <> coalesce(t.q, 0)
UNION ALL
SELECT 'aReceber', coalesce(s.empresa_id, p.empresa_id), coalesce(s.produto_id, p.produto_id),
       coalesce(s.deposito_id, p.deposito_id), NULL, NULL, NULL, coalesce(s.q, 0), coalesce(p.q, 0), NULL
  FROM (SELECT empresa_id, produto_id, deposito_id, a_receber AS q FROM saldo_estoque
         WHERE lote_id IS NULL AND variacao_id IS NULL AND NOT em_transito AND a_receber <> 0) s
  FULL JOIN (SELECT c.empresa_id, i.produto_id, c.deposito_id,
                    round(sum(greatest(i.quantidade - coalesce(i.quantidade_recebida, 0), 0)), 6) AS q
               FROM pedido_compra c JOIN pedido_compra_item i ON i.pedido_compra_id = c.id
              WHERE c.situacao IN ('aReceber', 'parcial') AND c.deposito_id IS NOT NULL GROUP BY 1, 2, 3) p
    ON p.empresa_id = s.empresa_id AND p.produto_id = s.produto_id AND p.deposito_id = s.deposito_id
 WHERE coalesce(s.q, 0) <> coalesce(p.q, 0)
ORDER BY 2, 3, 4, 5 NULLS FIRST, 7 NULLS LAST, 1`;

/**
 * `npm run check:ledgers`: recomputes every stock balance from the ledger in one SQL statement (as the
 * system role: every empresa) and reports the differences per key and per transfer, then the finance
 * invariants (checkFinanceiro: account balances and titles from movimento_financeiro and baixas). []
 * means consistent.
 */
export async function checkLedgers(db: Database): Promise<LedgerReport> {
  const [found, financeiro, caixa] = await db.withSystem(
    async (tx) =>
      [await tx.query<Found>(CHECK_SQL), await checkFinanceiro(tx), await checkCaixa(tx)] as const,
  );
  const report: LedgerReport = {
    movimentacoes: 0,
    saldos: 0,
    movimentosFinanceiros: financeiro.movimentos,
    baixas: financeiro.baixas,
    movimentosCaixa: caixa.movimentos,
    caixas: caixa.caixas,
    diferencas: [],
  };
  for (const row of found) {
    const n = (value: string | null) => Number(value);
    const empresaId = n(row.empresa_id);
    const chave = `${row.empresa_id}/${row.produto_id}/${row.deposito_id}/${row.lote_id ?? ''}`;
    const at = { empresaId, chave, movimentacaoId: n(row.movimentacao_id) };
    switch (row.regra) {
      case 'contagem':
        report.movimentacoes = n(row.a);
        report.saldos = n(row.b);
        break;
      case 'E3':
        report.diferencas.push({ ...at, regra: 'E3', mensagem: `qtdApos ${n(row.a)}, esperado ${n(row.b)}` });
        break;
      case 'E2acum':
        report.diferencas.push({
          ...at,
          regra: 'E2',
          mensagem: `valorApos ${n(row.a)}, Σ difValor ${n(row.b)}`,
        });
        break;
      case 'E2custo':
        report.diferencas.push({
          ...at,
          regra: 'E2',
          mensagem: `valorApos ${n(row.a)} difere de qtdApos × custoMedioApos (${roundMoney(n(row.b))})`,
        });
        break;
      case 'E4':
        report.diferencas.push({
          ...at,
          regra: 'E4',
          mensagem: `a saída mudou o custo médio de ${n(row.a)} para ${n(row.b)}`,
        });
        break;
      case 'E1':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'E1',
          mensagem: `saldo físico ${n(row.a)}, Σ qtd do razão ${n(row.b)}`,
        });
        break;
      case 'E2saldo':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'E2',
          mensagem: `saldo valor ${n(row.a)}, Σ difValor do razão ${n(row.b)}`,
        });
        break;
      case 'custo':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'custo',
          mensagem: `saldo custo médio ${n(row.a)}, último do razão ${n(row.b)}`,
        });
        break;
      case 'E1orfao':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'E1',
          mensagem: `saldo ${n(row.a)} sem movimentações no razão`,
        });
        break;
      case 'aReceber':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'aReceber',
          mensagem: `saldo a receber ${n(row.a)}, pendente dos pedidos de compra aprovados ${n(row.b)}`,
        });
        break;
      case 'transito':
        report.diferencas.push({
          empresaId,
          chave,
          regra: 'transito',
          mensagem: `em trânsito no razão ${n(row.a)}, transferências entre filiais enviadas ${n(row.b)}`,
        });
        break;
      case 'E7filial':
      case 'E7': {
        const filial = row.regra === 'E7filial';
        const chaveTransferencia = `${filial ? 'transferenciaFilial' : 'transferenciaEstoque'} ${row.origem_id}`;
        const linhas = n(row.a);
        if (filial ? linhas !== 2 && linhas !== 4 : linhas !== 2)
          report.diferencas.push({
            empresaId,
            chave: chaveTransferencia,
            regra: 'E7',
            mensagem: `${linhas} linhas, esperadas ${filial ? '2 ou 4' : '2'}`,
          });
        if (n(row.b) !== 0)
          report.diferencas.push({
            empresaId,
            chave: chaveTransferencia,
            regra: 'E7',
            mensagem: `Σ qtd ${n(row.b)}, esperado 0`,
          });
        if (n(row.c) !== 0)
          report.diferencas.push({
            empresaId,
            chave: chaveTransferencia,
            regra: 'E7',
            mensagem: `Σ difValor ${n(row.c)}, esperado 0`,
          });
        break;
      }
    }
  }
  report.diferencas.push(...financeiro.diferencas, ...caixa.diferencas);
  return report;
}
