import { roundMoney } from '../../core/roundMoney.ts';
import type { Tx } from '../db/database.ts';
import type { RecordScope } from '../services/records/buildRecordQuery.ts';
import { contaDaFilial } from './contaDaFilial.ts';

/**
 * The money side of a return (flows.md §3 Devolução), for sales and purchases alike: reduces the open
 * titles of the origin document that have no baixa, last parcela first, locked (a title reduced to zero is
 * cancelled; each gets a note), and returns what they could not absorb.
 */
export async function abaterTitulos(
  tx: Tx,
  scope: RecordScope,
  origem: { tipo: string; id: number },
  valor: number,
  nota: (abatido: string) => string,
): Promise<number> {
  let restante = roundMoney(valor);
  const abertos = await tx.query<{ id: string; valor: string }>(
    `SELECT l.id, l.valor FROM lancamento l
      WHERE l.empresa_id = $1 AND l.origem_tipo = $2 AND l.origem_id = $3 AND l.situacao = 0
        AND NOT EXISTS (SELECT 1 FROM baixa b WHERE b.lancamento_id = l.id AND NOT b.estornada)
      ORDER BY l.parcela DESC FOR UPDATE`,
    [scope.empresaId, origem.tipo, origem.id],
  );
  for (const titulo of abertos) {
    if (restante <= 0) break;
    const abate = Math.min(restante, Number(titulo.valor));
    const novo = roundMoney(Number(titulo.valor) - abate);
    await tx.query(
      `UPDATE lancamento SET valor = CASE WHEN $2::numeric > 0 THEN $2::numeric ELSE valor END,
              situacao = CASE WHEN $2::numeric > 0 THEN situacao ELSE 3 END,
              observacao = concat_ws(E'\n', observacao, $3::text), versao = versao + 1, alterado_em = now(), alterado_por = $4
        WHERE id = $1`,
      [Number(titulo.id), novo, nota(`R$ ${abate.toFixed(2).replace('.', ',')}`), scope.usuarioId],
    );
    restante = roundMoney(restante - abate);
  }
  return restante;
}

/** What a return could not take off open titles: one title, due on the day, to or from the other party. */
export interface CreditoDevolucao {
  /** 1: a receber (the supplier owes us, devolução de compra); 2: a pagar (we owe the customer). */
  tipo: 1 | 2;
  descricao: string;
  pessoaId: unknown;
  /** Preferred conta financeira (else the branch's first). */
  contaId: number | null;
  valor: number;
  /** YYYY-MM-DD */
  data: string;
  documento: string;
  origem: { tipo: string; id: number };
}

/** Writes the crédito of a return (flows.md §3: "a crédito … or a reduction of the open title"). */
export async function lancarCredito(tx: Tx, scope: RecordScope, credito: CreditoDevolucao): Promise<void> {
  const contaId = await contaDaFilial(
    tx,
    scope,
    credito.contaId,
    'Cadastre uma conta financeira nesta filial antes de confirmar a devolução.',
  );
  await tx.query(
    `INSERT INTO lancamento (empresa_id, filial_id, criado_por, alterado_por, tipo, descricao, pessoa_id, conta_id,
            valor, data_emissao, data_vencimento, data_competencia, numero_documento, parcela, total_parcelas,
            situacao, origem_tipo, origem_id)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10, 1, 1, 0, $11, $12)`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      credito.tipo,
      credito.descricao,
      credito.pessoaId,
      Number(contaId),
      credito.valor,
      credito.data,
      credito.documento,
      credito.origem.tipo,
      credito.origem.id,
    ],
  );
}
