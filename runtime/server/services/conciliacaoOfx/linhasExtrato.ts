import {
  type CandidatoPontuado,
  DIAS_CONCILIACAO,
  pontuarCandidatos,
} from '../../../core/financeiro/candidatosConciliacao.ts';
import { addDays } from '../../../core/financeiro/parcelas.ts';
import { HttpError } from '../../errors.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { candidatosDaConta } from './candidatosDaConta.ts';

/** A statement line as the screen lists it, with its ranked candidates while pendente. */
export interface LinhaExtratoView {
  id: number;
  data: string;
  valor: number;
  memo: string | null;
  nome: string | null;
  documento: string | null;
  fitid: string | null;
  situacao: number;
  candidatos: CandidatoPontuado[];
}

/** Candidates listed per pending line (the best ones). */
export const CANDIDATOS_POR_LINHA = 10;

/** Most lines one request lists (the newest first). */
export const LINHAS_LIMITE = 500;

/**
 * The statement lines of one account (optionally of one situação), newest first, each pendente line with its
 * ranked candidates (core pontuarCandidatos, ±`dias`): the screen's list. 400 when the account is not the branch's.
 */
export async function linhasExtrato(
  context: RecordContext,
  filtro: { contaId: number; situacao?: number; dias?: number },
): Promise<LinhaExtratoView[]> {
  const { tx, scope } = context;
  const conta = await tx.maybeOne(
    'SELECT 1 FROM conta WHERE id = $1 AND empresa_id = $2 AND filial_id = $3',
    [filtro.contaId, scope.empresaId, scope.filialId],
  );
  if (!conta) throw new HttpError(400, 'CONTA_NAO_ENCONTRADA', 'Conta bancária não encontrada nesta filial.');
  const params: unknown[] = [scope.empresaId, scope.filialId, filtro.contaId];
  const situacao = filtro.situacao === undefined ? '' : ` AND situacao = $${params.push(filtro.situacao)}`;
  const rows = await tx.query<Omit<LinhaExtratoView, 'candidatos'>>(
    `SELECT id, to_char(data, 'YYYY-MM-DD') AS data, valor, memo, nome, documento, fitid, situacao
       FROM extrato_linha WHERE empresa_id = $1 AND filial_id = $2 AND conta_id = $3${situacao}
      ORDER BY data DESC, id DESC LIMIT ${LINHAS_LIMITE}`,
    params,
  );
  const dias = filtro.dias ?? DIAS_CONCILIACAO;
  const pendentes = rows
    .filter((row) => row.situacao === 0)
    .map((row) => row.data)
    .sort();
  const candidatos =
    pendentes.length === 0
      ? []
      : await candidatosDaConta(
          context,
          filtro.contaId,
          addDays(pendentes[0] as string, -dias),
          addDays(pendentes[pendentes.length - 1] as string, dias),
        );
  return rows.map((row) => ({
    ...row,
    candidatos:
      row.situacao === 0
        ? pontuarCandidatos(
            {
              data: row.data,
              valor: row.valor,
              historico: [row.nome, row.memo].filter(Boolean).join(' '),
              documento: row.documento,
            },
            candidatos,
            dias,
            CANDIDATOS_POR_LINHA,
          )
        : [],
  }));
}
