import { HttpError } from '../../errors.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** What a line is reconciled with (conciliarBody). */
export interface ConciliarInput {
  movimentos?: number[];
  titulos?: Array<{ lancamentoId: number }>;
  diferenca?: 'juros' | 'desconto' | 'parcial';
  novoMovimento?: { descricao: string; categoriaFinanceiraId?: number | null };
}

/** Reconciles a line — needs the finance ledger (movimento_financeiro), merged from branch fin16-ledger. */
export async function conciliarLinha(
  _context: RecordContext,
  _id: number,
  _input: ConciliarInput,
): Promise<{ id: number; situacao: number; movimentos: number[] }> {
  throw new HttpError(501, 'RAZAO_PENDENTE', 'A conciliação com movimentos depende do razão financeiro.');
}
