import { problemaInscricaoEstadual } from '../../../core/fiscal/inscricaoEstadual.ts';
import type { Tx } from '../../db/database.ts';

/** A stored pessoa whose IE does not pass its UF's check-digit rule: what to correct and where. */
export interface InscricaoInvalida {
  id: number;
  tipoPessoa: number;
  /** Cliente, Fornecedor, Filial, Transportadora: the register to open. */
  tipo: string;
  nome: string;
  cpfCnpj: string | null;
  uf: string | null;
  inscricaoEstadual: string;
  problema: string;
}

const TIPOS: Record<number, string> = { 0: 'Cliente', 1: 'Fornecedor', 2: 'Filial', 5: 'Transportadora' };

/**
 * The company's pessoas (RLS keeps the tenant) with an IE typed before IEs were checked, or imported, that
 * their UF's rule refuses: listed for correction, never dropped from the files (the validator flags them there).
 */
export async function inscricoesInvalidas(tx: Tx): Promise<InscricaoInvalida[]> {
  const rows = await tx.query<{
    id: number;
    tipo_pessoa: number;
    nome: string;
    cpf_cnpj: string | null;
    uf: string | null;
    inscricao_estadual: string;
  }>(
    `SELECT id::int AS id, tipo_pessoa::int AS tipo_pessoa, nome, cpf_cnpj, uf, inscricao_estadual
       FROM pessoa
      WHERE btrim(COALESCE(inscricao_estadual, '')) <> ''
      ORDER BY nome, id`,
  );
  return rows.flatMap((row) => {
    const problema = problemaInscricaoEstadual(row.inscricao_estadual, row.uf);
    if (!problema) return [];
    return [
      {
        id: row.id,
        tipoPessoa: row.tipo_pessoa,
        tipo: TIPOS[row.tipo_pessoa] ?? 'Pessoa',
        nome: row.nome,
        cpfCnpj: row.cpf_cnpj,
        uf: row.uf,
        inscricaoEstadual: row.inscricao_estadual,
        problema,
      },
    ];
  });
}
