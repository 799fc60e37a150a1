import { addDays } from '../../../core/financeiro/parcelas.ts';
import {
  ocorrenciasAte,
  type Recorrencia,
  validarRecorrencia,
  vencimentoDaOcorrencia,
} from '../../../core/financeiro/recorrencia.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

/** origemTipo of the titles a series creates (with origemId the series and parcela the occurrence). */
export const ORIGEM_RECORRENTE = 'lancamentoRecorrente';
/** Titles are created for the occurrences due within this many days… */
export const DIAS_ANTECEDENCIA = 60;
/** …and at least this many ahead of today (a yearly series still shows its next ones). */
export const MINIMO_ADIANTE = 2;

/** What one run did to a series: titles inserted, and the series' next due date and last occurrence. */
export interface GeracaoSerie {
  criados: number;
  proximoVencimento: string | null;
  parcelasGeradas: number;
}

interface SerieRow {
  id: number;
  empresa_id: number;
  filial_id: number;
  usuario: number | null;
  tipo: number;
  descricao: string;
  pessoa_id: number | null;
  conta_id: number;
  categoria_financeira_id: number | null;
  centro_custo_id: number | null;
  forma_pagamento_financeiro_id: number | null;
  valor: number;
  intervalo: 'S' | 'M' | 'A';
  a_cada: number | null;
  dia_vencimento: number | null;
  data_inicio: string;
  data_fim: string | null;
  ocorrencias: number | null;
  ativo: boolean | null;
}

const recorrencia = (row: SerieRow): Recorrencia => ({
  intervalo: row.intervalo,
  aCada: row.a_cada ?? 1,
  dataInicio: row.data_inicio,
  diaVencimento: row.dia_vencimento,
  ocorrencias: row.ocorrencias,
  dataFim: row.data_fim,
});

/** Open titles of the series: em aberto and nothing paid (no active baixa) — the only ones an edit may change. */
const OPEN = `origem_tipo = '${ORIGEM_RECORRENTE}' AND origem_id = $1 AND empresa_id = $2 AND situacao = 0
  AND valor_pago = 0`;

/**
 * Brings the titles of series `id` in line with it, in the caller's transaction (row locked FOR UPDATE, so
 * two processes serialise on one series): with `editada`, its open titles take the series' current values
 * and dates and those it no longer has (after ocorrencias/dataFim shrank, or due from today on a
 * deactivated series) are removed; then, while ativo, the occurrences due up to today + 60 days (at least
 * 2 ahead) are inserted with ON CONFLICT DO NOTHING on lancamento's UNIQUE origem — each occurrence is one
 * title whoever runs this, however often. Returns what it did. 422 with the rule when the series
 * cannot be dated.
 */
export async function gerarSerie(
  tx: Tx,
  id: number,
  options: { hoje: string; editada?: boolean },
): Promise<GeracaoSerie> {
  const row = await tx.maybeOne<SerieRow>(
    `SELECT id, empresa_id, filial_id, coalesce(alterado_por, criado_por) AS usuario, tipo, descricao, pessoa_id,
            conta_id, categoria_financeira_id, centro_custo_id, forma_pagamento_financeiro_id, valor, intervalo,
            a_cada, dia_vencimento, to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio,
            to_char(data_fim, 'YYYY-MM-DD') AS data_fim, ocorrencias, ativo
       FROM lancamento_recorrente WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) return { criados: 0, proximoVencimento: null, parcelasGeradas: 0 };
  const serie = recorrencia(row);
  const problema = validarRecorrencia(serie);
  if (problema)
    throw new HttpError(422, 'RECORRENCIA_INVALIDA', `Lançamento recorrente "${row.descricao}": ${problema}`);
  const ativo = row.ativo !== false;
  const total = row.ocorrencias;
  if (options.editada) {
    const abertos = await tx.query<{ id: number; parcela: number; vencimento: string }>(
      `SELECT id, parcela, to_char(data_vencimento, 'YYYY-MM-DD') AS vencimento FROM lancamento WHERE ${OPEN}`,
      [row.id, row.empresa_id],
    );
    const manter: Array<{ id: number; vencimento: string }> = [];
    const remover: number[] = [];
    for (const titulo of abertos) {
      const vencimento = vencimentoDaOcorrencia(serie, titulo.parcela);
      if (vencimento === null || (!ativo && vencimento >= options.hoje)) remover.push(titulo.id);
      else manter.push({ id: titulo.id, vencimento });
    }
    if (remover.length > 0)
      await tx.query(`DELETE FROM lancamento WHERE ${OPEN} AND id = ANY($3)`, [
        row.id,
        row.empresa_id,
        remover,
      ]);
    if (manter.length > 0)
      await tx.query(
        `UPDATE lancamento SET tipo = $3, descricao = $4, pessoa_id = $5, conta_id = $6, categoria_financeira_id = $7,
                centro_custo_id = $8, forma_pagamento_financeiro_id = $9, valor = $10, total_parcelas = $11,
                data_vencimento = u.venc, data_competencia = u.venc, data_emissao = u.venc,
                versao = versao + 1, alterado_em = now(), alterado_por = $12
           FROM unnest($13::bigint[], $14::date[]) AS u(id, venc)
          WHERE lancamento.id = u.id AND ${OPEN}`,
        [
          row.id,
          row.empresa_id,
          row.tipo,
          row.descricao,
          row.pessoa_id,
          row.conta_id,
          row.categoria_financeira_id,
          row.centro_custo_id,
          row.forma_pagamento_financeiro_id,
          row.valor,
          total,
          row.usuario,
          manter.map((titulo) => titulo.id),
          manter.map((titulo) => titulo.vencimento),
        ],
      );
  }
  const ocorrencias = ativo
    ? ocorrenciasAte(serie, addDays(options.hoje, DIAS_ANTECEDENCIA), {
        hoje: options.hoje,
        minimoApos: MINIMO_ADIANTE,
      })
    : [];
  const inserted =
    ocorrencias.length === 0
      ? []
      : await tx.query(
          `INSERT INTO lancamento (empresa_id, filial_id, criado_por, alterado_por, tipo, descricao, pessoa_id, conta_id,
                  categoria_financeira_id, centro_custo_id, forma_pagamento_financeiro_id, valor, data_emissao,
                  data_vencimento, data_competencia, parcela, total_parcelas, situacao, origem_tipo, origem_id)
           SELECT $1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, u.venc, u.venc, u.venc, u.n, $12, 0, $13, $14
             FROM unnest($15::date[], $16::int[]) AS u(venc, n)
           ON CONFLICT (empresa_id, filial_id, origem_tipo, origem_id, parcela) DO NOTHING RETURNING id`,
          [
            row.empresa_id,
            row.filial_id,
            row.usuario,
            row.tipo,
            row.descricao,
            row.pessoa_id,
            row.conta_id,
            row.categoria_financeira_id,
            row.centro_custo_id,
            row.forma_pagamento_financeiro_id,
            row.valor,
            total,
            ORIGEM_RECORRENTE,
            row.id,
            ocorrencias.map((ocorrencia) => ocorrencia.vencimento),
            ocorrencias.map((ocorrencia) => ocorrencia.parcela),
          ],
        );
  const ultima = ocorrencias.at(-1)?.parcela ?? 0;
  const proxima = ativo ? vencimentoDaOcorrencia(serie, ultima + 1) : null;
  await tx.query(
    `UPDATE lancamento_recorrente SET proximo_vencimento = $3,
            parcelas_geradas = CASE WHEN $4 THEN $2 ELSE coalesce(parcelas_geradas, 0) END WHERE id = $1`,
    [row.id, ultima, proxima, ativo],
  );
  return { criados: inserted.length, proximoVencimento: proxima, parcelasGeradas: ultima };
}
