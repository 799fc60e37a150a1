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
  /** Hash route of the form where the IE is corrected; null for a Filial's pessoa, which has no form. */
  rota: string | null;
}

/** The list each tipoPessoa is edited in (cliente, fornecedor and transportador views of pessoa). */
const ROTAS: Record<number, string> = {
  0: 'pages/vendas/clientes',
  1: 'pages/compras/fornecedores',
  5: 'pages/compras/transportadores',
};

const TIPOS: Record<number, string> = { 0: 'Cliente', 1: 'Fornecedor', 2: 'Filial', 5: 'Transportadora' };

/**
 * The company's pessoas (RLS keeps the tenant) with an IE typed before IEs were checked, or imported, that
 * their UF's rule refuses: listed for correction, never dropped from the files (the validator flags them there).
 * `busca` keeps those whose nome, CPF/CNPJ or IE contains it (case ignored).
 */
export async function inscricoesInvalidas(tx: Tx, busca?: string): Promise<InscricaoInvalida[]> {
  const termo = busca?.trim() ?? '';
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
        AND ($1 = '' OR nome ILIKE '%' || $1 || '%'
             OR cpf_cnpj ILIKE '%' || $1 || '%' OR inscricao_estadual ILIKE '%' || $1 || '%')
      ORDER BY nome, id`,
    [termo],
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
        rota: ROTAS[row.tipo_pessoa] ? `${ROTAS[row.tipo_pessoa]}/editar/${row.id}` : null,
      },
    ];
  });
}
