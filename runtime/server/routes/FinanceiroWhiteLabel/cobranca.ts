import { csvField, csvTextField } from '../../../core/spreadsheetCell.ts';
import type { Tx } from '../../db/database.ts';

/** An add-on module contracted by a company, priced by the white-label's planoModulos. */
export interface ModuloCobrado {
  id: string;
  nome: string;
  valor: number;
}

/** What the platform charges a white-label for one company in a month. */
export interface LinhaCobranca {
  empresaId: number | null;
  empresaNome: string;
  cpfCnpj: string | null;
  planoNome: string;
  valorPlano: number;
  modulos: ModuloCobrado[];
  valor: number;
}

export type StatusFatura = 'aberta' | 'paga' | 'vencida';

/** Cents, so that sums of money do not drift (R$ 89,90 + R$ 39,90 is 129,80, not 129.79999…). */
const cents = (value: number) => Math.round(value * 100);

/** Sum of money values, exact to the cent. */
export function somar(values: number[]): number {
  return values.reduce((total, value) => total + cents(value), 0) / 100;
}

/**
 * The companies the platform charges white-label `configWhiteLabelId` for right now: those whose
 * subscription is in force (not in trial, not blocked), each at its plan's value plus the add-on modules
 * it contracted (valor of the white-label's planoModulos; a module no longer offered costs nothing).
 */
export async function linhasDeCobranca(
  tx: Tx,
  configWhiteLabelId: number,
  planoModulos: Array<{ id: string; nome: string; valor?: number }>,
): Promise<LinhaCobranca[]> {
  const rows = await tx.query<{
    id: number;
    nome: string;
    cpf_cnpj: string | null;
    plano_nome: string | null;
    plano_valor: number | null;
    modulos_contratados: string[];
  }>(
    `SELECT e.id, e.nome, e.cpf_cnpj, p.nome AS plano_nome, p.valor AS plano_valor, e.modulos_contratados
       FROM empresa e LEFT JOIN plano p ON p.id = e.plano_id
      WHERE e.config_white_label_id = $1 AND NOT e.trial AND NOT e.bloqueada
      ORDER BY e.nome, e.id`,
    [configWhiteLabelId],
  );
  return rows.map((row) => {
    const modulos = (Array.isArray(row.modulos_contratados) ? row.modulos_contratados : []).map((id) => {
      const offered = planoModulos.find((modulo) => modulo.id === id);
      return { id, nome: offered?.nome ?? id, valor: offered?.valor ?? 0 };
    });
    const valorPlano = row.plano_valor ?? 0;
    return {
      empresaId: row.id,
      empresaNome: row.nome,
      cpfCnpj: row.cpf_cnpj,
      planoNome: row.plano_nome ?? 'Sem plano',
      valorPlano,
      modulos,
      valor: somar([valorPlano, ...modulos.map((modulo) => modulo.valor)]),
    };
  });
}

/** The fatura's lines as CSV for Excel in pt-BR: BOM, ";" separator, decimal comma. */
export function faturaCsv(linhas: LinhaCobranca[]): string {
  const money = (value: number) => value.toFixed(2).replace('.', ',');
  // Text typed by people (names, plans, modules) is formula-escaped; amounts are numbers and stay as such.
  const header = ['Empresa', 'CPF/CNPJ', 'Plano', 'Valor do plano', 'Módulos adicionais', 'Valor'].map(
    (text) => csvTextField(text),
  );
  const lines = linhas.map((linha) => [
    csvTextField(linha.empresaNome),
    csvTextField(linha.cpfCnpj ?? ''),
    csvTextField(linha.planoNome),
    csvField(money(linha.valorPlano)),
    csvTextField(linha.modulos.map((modulo) => `${modulo.nome} (${money(modulo.valor)})`).join(', ')),
    csvField(money(linha.valor)),
  ]);
  lines.push(['Total', '', '', '', '', csvField(money(somar(linhas.map((linha) => linha.valor))))]);
  return `\uFEFF${[header, ...lines].map((line) => line.join(';')).join('\r\n')}\r\n`;
}
