import type { Tx } from '../../db/database.ts';
import { type LedgerDifference, runLedgerCheck } from '../ledgerCheck.ts';

/**
 * The invariants of the Frente de caixa (flows.md §4) recomputed from the ledgers (as the system role: every
 * empresa): P1 per counter sale (a nota with caixaId, not rejected, denied or voided) Σ venda − Σ troco of its
 * cash movements = its valorTotal (a cancelled one: 0 once its devolução is in, or its total when its session had
 * closed), and the stock it took out of the ledger = Σ of its items' quantities, once;
 * P2 per closed session Σ esperado of its fechamento = abertura + Σ valor of its movements, and diferença =
 * contado − esperado per method; P3 every sale of a session dated within it (never after its fechamento); P4
 * at most one open session per PDV. Only the differences come back.
 */
const CHECK_SQL = `
SELECT 'contagem' AS regra, 0::bigint AS empresa_id, NULL::text AS chave,
       (SELECT count(*) FROM movimento_caixa)::numeric AS a, (SELECT count(*) FROM caixa WHERE situacao IS NOT NULL)::numeric AS b
UNION ALL
SELECT 'P1caixa', n.empresa_id, 'notaFiscal ' || n.id, n.valor_total, coalesce(m.total, 0)
  FROM nota_fiscal n
  LEFT JOIN (SELECT origem_id, sum(valor) AS total FROM movimento_caixa WHERE origem_tipo = 'notaFiscal' GROUP BY 1) m
    ON m.origem_id = n.id
 WHERE n.caixa_id IS NOT NULL AND n.situacao NOT IN (3, 4, 8) AND n.valor_total <> coalesce(m.total, 0)
   -- A cancelled sale: its money handed back (0), or kept when its session had closed.
   AND NOT (n.situacao = 2 AND coalesce(m.total, 0) = 0)
UNION ALL
SELECT 'P1estoque', n.empresa_id, 'notaFiscal ' || n.id, coalesce(e.qtd, 0), coalesce(i.qtd, 0)
  FROM nota_fiscal n
  LEFT JOIN (SELECT nota_fiscal_id, sum(quantidade) AS qtd FROM nota_fiscal_item GROUP BY 1) i ON i.nota_fiscal_id = n.id
  LEFT JOIN (SELECT origem_id, -sum(qtd) AS qtd FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal' GROUP BY 1) e
    ON e.origem_id = n.id
 WHERE n.caixa_id IS NOT NULL AND coalesce(e.qtd, 0) <> coalesce(i.qtd, 0)
UNION ALL
SELECT 'P2', c.empresa_id, 'caixa ' || c.id, f.esperado, coalesce(c.valor_abertura, 0) + coalesce(m.total, 0)
  FROM caixa c
  JOIN (SELECT caixa_id, sum(esperado) AS esperado, bool_and(diferenca = contado - esperado) AS ok
          FROM caixa_fechamento GROUP BY 1) f ON f.caixa_id = c.id
  LEFT JOIN (SELECT caixa_id, sum(valor) AS total FROM movimento_caixa GROUP BY 1) m ON m.caixa_id = c.id
 WHERE f.esperado <> coalesce(c.valor_abertura, 0) + coalesce(m.total, 0) OR NOT f.ok
UNION ALL
SELECT 'P3', m.empresa_id, 'movimento ' || m.id, extract(epoch FROM m.data)::numeric,
       extract(epoch FROM c.fechamento)::numeric
  FROM movimento_caixa m JOIN caixa c ON c.id = m.caixa_id
 WHERE m.data < c.abertura OR (c.fechamento IS NOT NULL AND m.data > c.fechamento)
UNION ALL
SELECT 'P4', min(empresa_id), 'pdv ' || pdv_id, count(*), 1
  FROM caixa WHERE situacao = 'aberto' GROUP BY pdv_id HAVING count(*) > 1`;

const MENSAGENS: Record<string, (a: number, b: number) => string> = {
  P1caixa: (a, b) => `valor total ${a}, Σ venda − troco do caixa ${b}`,
  P1estoque: (a, b) => `saída de estoque ${a}, Σ quantidade dos itens ${b}`,
  P2: (a, b) =>
    `Σ esperado do fechamento ${a}, abertura + Σ movimentos ${b} (ou diferença ≠ contado − esperado)`,
  P3: () => 'movimento fora do período do caixa (antes da abertura ou depois do fechamento)',
  P4: (a) => `${a} caixas abertos no mesmo PDV`,
};

/** `npm run check:ledgers`, PDV part: counts and the differences of P1–P4. */
export async function checkCaixa(
  tx: Tx,
): Promise<{ movimentos: number; caixas: number; diferencas: LedgerDifference[] }> {
  const { contagem, diferencas } = await runLedgerCheck(tx, CHECK_SQL, MENSAGENS, (regra) =>
    regra.startsWith('P1') ? 'P1' : regra,
  );
  return { movimentos: contagem[0], caixas: contagem[1], diferencas };
}
