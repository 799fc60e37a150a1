import { CondicaoInvalidaError, gerarParcelas, parseCondicao } from '../../../core/financeiro/parcelas.ts';
import { problemaRateio, ratear } from '../../../core/financeiro/rateio.ts';
import { fromCents, toCents } from '../../../core/financeiro/titulos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { EntityHooks } from '../records/entityHooks.ts';
import type { RecordContext } from '../records/recordContext.ts';

/**
 * F6 after every write of a title (and its rateio lines): when it has rateio lines their percentuais must
 * sum to exactly 100 (a 422 naming the sum otherwise: the write rolls back) and each line's valor is
 * written from the title's valor, the remainder on the last line (by id), so the values sum to the total.
 */
async function conferirRateio(context: RecordContext, id: number): Promise<void> {
  const linhas = await context.tx.query<{ id: string; percentual: string; total: string }>(
    `SELECT r.id, r.percentual, l.valor AS total
       FROM lancamento_rateio r JOIN lancamento l ON l.id = r.lancamento_id
      WHERE r.lancamento_id = $1 ORDER BY r.id`,
    [id],
  );
  if (linhas.length === 0) return;
  const percentuais = linhas.map((linha) => Number(linha.percentual));
  const problema = problemaRateio(percentuais);
  if (problema) throw new HttpError(422, 'RATEIO_INVALIDO', problema, { fields: { rateio: problema } });
  const valores = ratear(toCents(linhas[0]?.total), percentuais);
  await context.tx.query(
    `UPDATE lancamento_rateio r SET valor = v.valor
       FROM unnest($1::bigint[], $2::numeric[]) AS v (id, valor)
      WHERE r.id = v.id AND r.valor IS DISTINCT FROM v.valor`,
    [linhas.map((linha) => Number(linha.id)), valores.map(fromCents)],
  );
}

/** The columns of `table` an INSERT may write: not the id, not generated ones (read once per parcelamento). */
async function writableColumns(tx: Tx, table: string): Promise<string[]> {
  const columns = await tx.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' AND column_name <> 'id'
      ORDER BY ordinal_position`,
    [table],
  );
  return columns.map((column) => column.column_name);
}

/** Copies a row of `table` over its `columns`, with `overrides` as SQL expressions over the source row `s`; returns the new id. */
async function copyRow(
  tx: Tx,
  table: string,
  columns: string[],
  id: number,
  overrides: Record<string, string>,
  params: unknown[],
) {
  const values = columns.map((name) => overrides[name] ?? `s.${name}`);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table} s WHERE s.id = $1 RETURNING id`,
    [id, ...params],
  );
  return Number(row?.id);
}

/**
 * F5 for a title typed by hand: a receita or despesa saved with a condição de pagamento ("3x", "30/60/90")
 * while it is one open title with nothing paid and no origin document becomes one title per parcela: this
 * row is parcela 1, the others copies of it (with its rateio lines), each with its value (the remainder of
 * the cents on the last) and its due date from the emission (or today). Returns every parcela's id.
 */
async function parcelarTitulo(context: RecordContext, id: number): Promise<number[]> {
  const [titulo] = await context.tx.query<{
    tipo: number;
    valor: string;
    valor_pago: string;
    condicao_pagamento: string | null;
    total_parcelas: number;
    origem_tipo: string | null;
    emissao: string | null;
  }>(
    `SELECT tipo, valor, valor_pago, condicao_pagamento, total_parcelas, origem_tipo,
            to_char(data_emissao, 'YYYY-MM-DD') AS emissao
       FROM lancamento WHERE id = $1`,
    [id],
  );
  if (
    !titulo?.condicao_pagamento ||
    Number(titulo.total_parcelas) !== 1 ||
    titulo.origem_tipo !== null ||
    ![1, 2].includes(Number(titulo.tipo)) ||
    Number(titulo.valor_pago) !== 0
  )
    return [id];
  let parcelas: ReturnType<typeof gerarParcelas>;
  try {
    parcelas = gerarParcelas(
      Number(titulo.valor),
      titulo.emissao ?? hojeBrasilia(),
      parseCondicao(titulo.condicao_pagamento),
    );
  } catch (error) {
    if (!(error instanceof CondicaoInvalidaError)) throw error;
    throw new HttpError(422, 'CONDICAO_INVALIDA', error.message, {
      fields: { condicaoPagamento: error.message },
    });
  }
  if (parcelas.length < 2) return [id];
  const ids = [id];
  const [primeira, ...demais] = parcelas;
  await context.tx.query(
    `UPDATE lancamento SET valor = $2, data_vencimento = $3, parcela = 1, total_parcelas = $4 WHERE id = $1`,
    [id, primeira?.valor, primeira?.vencimento, parcelas.length],
  );
  const rateio = await context.tx.query<{ id: string }>(
    'SELECT id FROM lancamento_rateio WHERE lancamento_id = $1 ORDER BY id',
    [id],
  );
  const tituloColumns = await writableColumns(context.tx, 'lancamento');
  const rateioColumns = rateio.length > 0 ? await writableColumns(context.tx, 'lancamento_rateio') : [];
  for (const parcela of demais) {
    const copia = await copyRow(
      context.tx,
      'lancamento',
      tituloColumns,
      id,
      {
        valor: '$2',
        data_vencimento: '$3::date',
        parcela: '$4',
        total_parcelas: '$5',
        valor_pago: '0',
        situacao: '0',
      },
      [parcela.valor, parcela.vencimento, parcela.numero, parcelas.length],
    );
    for (const linha of rateio)
      await copyRow(
        context.tx,
        'lancamento_rateio',
        rateioColumns,
        Number(linha.id),
        { lancamento_id: '$2' },
        [copia],
      );
    ids.push(copia);
  }
  return ids;
}

/** Hooks of lancamento (and its views receita, despesa, transferencia). */
export const lancamentoHooks: EntityHooks = {
  async afterWrite(context, id) {
    for (const parcela of await parcelarTitulo(context, id)) await conferirRateio(context, parcela);
  },
};
