import type { Tx } from '../../db/database.ts';
import { type LedgerDifference, runLedgerCheck } from '../ledgerCheck.ts';

/** A difference found in the finance ledger, with where. */
export type FinanceiroDifference = LedgerDifference;

/**
 * The invariants of flows.md §2 recomputed from the ledgers in one statement (as the system role: every
 * empresa): F3 conta.movimentado = Σ valor of its movements (saldo_atual = saldo_inicial + that) and no
 * movement before the saldo inicial; F1 lancamento.valor_pago = Σ principal of its active baixas, within
 * [0, valor]; F2 situação a function of it (cancelled ones without an active baixa); F8 one movement per
 * baixa of ±(principal + juros + multa − desconto), reversed exactly when the baixa is estornada; F4 per
 * transfer two legs cancelling out (four once reversed) and carried out ⇔ situação pago; every reversing
 * row the negation of the row it reverses. Only the differences come back.
 */
const CHECK_SQL = `
SELECT 'contagem' AS regra, 0::bigint AS empresa_id, NULL::text AS chave,
       (SELECT count(*) FROM movimento_financeiro)::numeric AS a, (SELECT count(*) FROM baixa)::numeric AS b
UNION ALL
SELECT 'F3', c.empresa_id, 'conta ' || c.id, c.movimentado, coalesce(m.total, 0)
  FROM conta c LEFT JOIN (SELECT conta_id, sum(valor) AS total FROM movimento_financeiro GROUP BY 1) m
    ON m.conta_id = c.id
 WHERE c.movimentado <> coalesce(m.total, 0) OR c.saldo_atual <> coalesce(c.saldo_inicial, 0) + coalesce(m.total, 0)
UNION ALL
SELECT 'F3data', m.empresa_id, 'movimento ' || m.id, extract(epoch FROM m.data)::numeric,
       extract(epoch FROM c.data_saldo_inicial)::numeric
  FROM movimento_financeiro m JOIN conta c ON c.id = m.conta_id
 WHERE m.data < c.data_saldo_inicial
UNION ALL
SELECT 'F1', l.empresa_id, 'lançamento ' || l.id, l.valor_pago, coalesce(b.principal, 0)
  FROM lancamento l
  LEFT JOIN (SELECT lancamento_id, sum(principal) AS principal FROM baixa WHERE NOT estornada GROUP BY 1) b
    ON b.lancamento_id = l.id
 WHERE l.tipo IN (1, 2)
   AND (l.valor_pago <> coalesce(b.principal, 0) OR l.valor_pago < 0 OR l.valor_pago > l.valor)
UNION ALL
SELECT 'F2', l.empresa_id, 'lançamento ' || l.id, l.situacao,
       CASE WHEN l.valor_pago >= l.valor THEN 1 WHEN l.valor_pago > 0 THEN 2 ELSE 0 END
  FROM lancamento l
 WHERE l.tipo IN (1, 2) AND l.situacao IS DISTINCT FROM 3
   AND l.situacao IS DISTINCT FROM CASE WHEN l.valor_pago >= l.valor THEN 1 WHEN l.valor_pago > 0 THEN 2 ELSE 0 END
UNION ALL
SELECT 'F2cancelado', l.empresa_id, 'lançamento ' || l.id, l.valor_pago, NULL
  FROM lancamento l WHERE l.situacao = 3 AND l.tipo IN (1, 2) AND l.valor_pago <> 0
UNION ALL
SELECT 'F8total', b.empresa_id, 'baixa ' || b.id, b.valor_pago, b.principal + b.juros + b.multa - b.desconto
  FROM baixa b WHERE b.valor_pago <> b.principal + coalesce(b.juros, 0) + coalesce(b.multa, 0) - coalesce(b.desconto, 0)
UNION ALL
SELECT 'F8movimento', b.empresa_id, 'baixa ' || b.id, coalesce(m.valor, 0),
       CASE WHEN l.tipo = 1 THEN b.valor_pago ELSE -b.valor_pago END
  FROM baixa b JOIN lancamento l ON l.id = b.lancamento_id
  LEFT JOIN movimento_financeiro m ON m.origem_tipo = 'baixa' AND m.origem_id = b.id AND m.origem_linha = 1
  LEFT JOIN conta c ON c.id = b.conta_id
 WHERE (m.id IS NULL AND b.data_pagamento >= coalesce(c.data_saldo_inicial, b.data_pagamento))
    OR (m.id IS NOT NULL AND (m.valor <> CASE WHEN l.tipo = 1 THEN b.valor_pago ELSE -b.valor_pago END
                              OR m.id IS DISTINCT FROM b.movimento_financeiro_id))
UNION ALL
SELECT 'F8estorno', b.empresa_id, 'baixa ' || b.id, CASE WHEN b.estornada THEN 1 ELSE 0 END, count(r.id)
  FROM baixa b
  JOIN movimento_financeiro m ON m.origem_tipo = 'baixa' AND m.origem_id = b.id AND m.origem_linha = 1
  LEFT JOIN movimento_financeiro r ON r.estorno_de = m.id
 GROUP BY b.empresa_id, b.id, b.estornada
HAVING count(r.id) <> CASE WHEN b.estornada THEN 1 ELSE 0 END
UNION ALL
SELECT 'F4', min(m.empresa_id), 'transferência ' || m.origem_id, count(*), sum(m.valor)
  FROM movimento_financeiro m WHERE m.origem_tipo = 'transferencia'
 GROUP BY m.origem_id
HAVING count(*) NOT IN (2, 4) OR sum(m.valor) <> 0
UNION ALL
SELECT 'F4situacao', l.empresa_id, 'transferência ' || l.id, l.situacao, count(m.id)
  FROM lancamento l
  LEFT JOIN movimento_financeiro m ON m.origem_tipo = 'transferencia' AND m.origem_id = l.id
 WHERE l.tipo = 3
 GROUP BY l.empresa_id, l.id, l.situacao
HAVING (l.situacao = 1) <> (count(m.id) = 2)
UNION ALL
SELECT 'estorno', r.empresa_id, 'movimento ' || r.id, r.valor, -o.valor
  FROM movimento_financeiro r JOIN movimento_financeiro o ON o.id = r.estorno_de
 WHERE r.valor <> -o.valor OR r.conta_id <> o.conta_id OR r.origem_linha <> -o.origem_linha
ORDER BY 2, 3 NULLS FIRST, 1`;

const MENSAGENS: Record<string, (a: number, b: number) => string> = {
  F3: (a, b) => `movimentado da conta ${a}, Σ valor do razão ${b}`,
  F3data: () => 'movimento anterior à data do saldo inicial da conta',
  F1: (a, b) => `valor pago ${a}, Σ principal das baixas ativas ${b}`,
  F2: (a, b) => `situação ${a}, esperada ${b} pelo valor pago`,
  F2cancelado: (a) => `cancelado com valor pago ${a}`,
  F8total: (a, b) => `total ${a}, principal + juros + multa − desconto ${b}`,
  F8movimento: (a, b) => `movimento ${a}, esperado ${b}`,
  F8estorno: (a, b) => `estornada ${a === 1 ? 'sim' : 'não'}, ${b} movimento(s) de estorno`,
  F4: (a, b) => `${a} movimentos somando ${b}, esperados 2 (ou 4) somando 0`,
  F4situacao: (a, b) => `situação ${a} com ${b} movimento(s)`,
  estorno: (a, b) => `estorno de ${a}, esperado ${b} na mesma conta e linha negada`,
};

/** Runs the finance check in `tx` (system role); returns the movement and baixa counts and the differences. */
export async function checkFinanceiro(
  tx: Tx,
): Promise<{ movimentos: number; baixas: number; diferencas: FinanceiroDifference[] }> {
  const { contagem, diferencas } = await runLedgerCheck(
    tx,
    CHECK_SQL,
    MENSAGENS,
    (regra) => regra.replace(/(cancelado|data|total|movimento|estorno|situacao)$/, '') || regra,
  );
  return { movimentos: contagem[0], baixas: contagem[1], diferencas };
}
