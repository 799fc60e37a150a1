import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import type { Tx } from '../../db/database.ts';
import { digits } from './formatoArquivo.ts';

/** A participant of the documents (pessoa): SPED 0150, Sintegra 50 CNPJ/IE/UF. */
export interface ParticipanteFiscal {
  id: number;
  codigo: string;
  nome: string;
  cpfCnpj: string;
  ie: string;
  uf: string;
  codigoMunicipio: number | null;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
}

export interface ProdutoFiscal {
  id: number;
  codigo: string;
  descricao: string;
  codigoBarras: string;
  unidade: string;
  ncm: string;
  cest: string;
  tipoProduto: number | null;
  custo: number;
}

export interface ContadorFiscal {
  nome: string;
  cpf: string;
  crc: string;
  cnpjEscritorio: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  telefone: string;
  email: string;
  codigoMunicipio: number | null;
}

const txt = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The pessoas behind the documents, each with its SPED code (participanteSped) or its id. */
export async function participantesFiscais(tx: Tx, ids: number[]): Promise<Map<number, ParticipanteFiscal>> {
  const map = new Map<number, ParticipanteFiscal>();
  if (ids.length === 0) return map;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT p.id::int AS id, p.nome, p.cpf_cnpj, p.inscricao_estadual, p.uf, p.codigo_municipio::int AS codigo_municipio,
            p.logradouro, p.numero, p.complemento, p.bairro,
            (SELECT ps.codigo FROM participante_sped ps WHERE ps.pessoa_id = p.id ORDER BY ps.id LIMIT 1) AS codigo_sped
       FROM pessoa p WHERE p.id = ANY($1::bigint[])`,
    [ids],
  );
  for (const row of rows) {
    const id = Number(row.id);
    map.set(id, {
      id,
      codigo: txt(row.codigo_sped).trim() || String(id),
      nome: txt(row.nome),
      // normalizeCpfCnpj, as everywhere: an alphanumeric CNPJ (IN RFB 2.229/2024) keeps its letters.
      cpfCnpj: normalizeCpfCnpj(txt(row.cpf_cnpj)),
      ie: txt(row.inscricao_estadual)
        .replace(/[^0-9A-Za-z]/g, '')
        .toUpperCase(),
      uf: txt(row.uf),
      codigoMunicipio: row.codigo_municipio === null ? null : Number(row.codigo_municipio),
      logradouro: txt(row.logradouro),
      numero: txt(row.numero),
      complemento: txt(row.complemento),
      bairro: txt(row.bairro),
    });
  }
  return map;
}

export async function produtosFiscais(tx: Tx, ids: number[]): Promise<Map<number, ProdutoFiscal>> {
  const map = new Map<number, ProdutoFiscal>();
  if (ids.length === 0) return map;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT id::int AS id, codigo, descricao, codigo_barras, unidade, ncm, cest, tipo_produto, custo
       FROM produto WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  for (const row of rows) {
    const id = Number(row.id);
    map.set(id, {
      id,
      codigo: txt(row.codigo).trim() || String(id),
      descricao: txt(row.descricao),
      codigoBarras: txt(row.codigo_barras),
      unidade: txt(row.unidade).trim().toUpperCase(),
      ncm: digits(txt(row.ncm)),
      cest: digits(txt(row.cest)),
      tipoProduto: row.tipo_produto === null ? null : Number(row.tipo_produto),
      custo: Number(row.custo ?? 0),
    });
  }
  return map;
}

/** The company's active accountant (the first registered when there are several). */
export async function contadorFiscal(tx: Tx): Promise<ContadorFiscal | null> {
  const row = await tx.maybeOne<Record<string, unknown>>(
    `SELECT * FROM contador WHERE COALESCE(ativo, true) ORDER BY id LIMIT 1`,
  );
  if (!row) return null;
  return {
    nome: txt(row.nome),
    cpf: digits(txt(row.cpf)),
    crc: txt(row.crc).trim(),
    cnpjEscritorio: digits(txt(row.cnpj_escritorio)),
    cep: digits(txt(row.cep)),
    logradouro: txt(row.logradouro),
    numero: txt(row.numero),
    complemento: txt(row.complemento),
    bairro: txt(row.bairro),
    telefone: digits(txt(row.telefone)),
    email: txt(row.email),
    codigoMunicipio: row.codigo_municipio === null ? null : Number(row.codigo_municipio),
  };
}

export interface ItemInventario {
  produtoId: number;
  quantidade: number;
  valorUnitario: number;
}

export interface InventarioFiscal {
  id: number;
  data: string;
  motivo: string;
  valorInformado: number;
  itens: ItemInventario[];
}

/**
 * The branch's inventories dated between two dates, each with its items: the stock balance of every
 * produto in the branch at the end of that day (movimentações: tipo 0 entrada, 1 saída), valued at the
 * produto's cost (the last movement's unit cost when the produto has none).
 */
export async function inventariosFiscais(
  tx: Tx,
  filialId: number,
  inicio: string,
  fim: string,
): Promise<InventarioFiscal[]> {
  const heads = await tx.query<Record<string, unknown>>(
    `SELECT id::int AS id, to_char(data_inventario, 'YYYY-MM-DD') AS data, motivo, valor_total
       FROM inventario_sped WHERE filial_id = $1 AND data_inventario BETWEEN $2::date AND $3::date
      ORDER BY data_inventario, id`,
    [filialId, inicio, fim],
  );
  const result: InventarioFiscal[] = [];
  for (const head of heads) {
    const data = String(head.data);
    result.push({
      id: Number(head.id),
      data,
      motivo: txt(head.motivo) || '01',
      valorInformado: Number(head.valor_total ?? 0),
      itens: await saldosEstoqueFiscais(tx, filialId, data),
    });
  }
  return result;
}

/** A produto's own stock at the branch on a date (H010 of an inventory, K200 of block K). */
export interface SaldoEstoqueFiscal {
  produtoId: number;
  quantidade: number;
  valorUnitario: number;
}

/**
 * The branch's positive stock per produto at the end of `data` (São Paulo time), summed from the stock
 * ledger (so a movement typed with an earlier date counts where it belongs), valued at the produto's cost or
 * else its last entry cost.
 */
export async function saldosEstoqueFiscais(
  tx: Tx,
  filialId: number,
  data: string,
): Promise<SaldoEstoqueFiscal[]> {
  const rows = await tx.query<{ produto_id: number; saldo: string; custo: string | null }>(
    `SELECT m.produto_id::int AS produto_id,
            sum(CASE WHEN m.tipo = 0 THEN m.quantidade ELSE -m.quantidade END) AS saldo,
            COALESCE(NULLIF(max(p.custo), 0),
                     (array_agg(m.custo_unitario ORDER BY m.data DESC) FILTER (WHERE m.custo_unitario > 0))[1]) AS custo
       FROM movimentacao_estoque m JOIN produto p ON p.id = m.produto_id
      WHERE m.filial_id = $1 AND (m.data AT TIME ZONE 'America/Sao_Paulo')::date <= $2::date
      GROUP BY m.produto_id
     HAVING sum(CASE WHEN m.tipo = 0 THEN m.quantidade ELSE -m.quantidade END) > 0
      ORDER BY m.produto_id`,
    [filialId, data],
  );
  return rows.map((row) => ({
    produtoId: Number(row.produto_id),
    quantidade: Number(row.saldo),
    valorUnitario: Number(row.custo ?? 0),
  }));
}
