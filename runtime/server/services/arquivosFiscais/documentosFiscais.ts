import type { Tx } from '../../db/database.ts';

/** One item of a fiscal document, whichever table it comes from (NF-e, entrada, NFC-e). */
export interface ItemFiscal {
  numeroItem: number;
  produtoId: number | null;
  codigo: string | null;
  descricao: string;
  ncm: string | null;
  cfop: string;
  unidade: string | null;
  quantidade: number;
  valorUnitario: number;
  valorDesconto: number;
  valorTotal: number;
  origem: number | null;
  cstIcms: string | null;
  csosn: string | null;
  baseIcms: number;
  aliquotaIcms: number;
  valorIcms: number;
  baseIcmsSt: number;
  valorIcmsSt: number;
  /** DIFAL of a sale to a consumidor final não contribuinte in another UF (EC 87/2015): vICMSUFDest. */
  valorIcmsUfDestino: number;
  /** vFCPUFDest: Fundo de Combate à Pobreza of the destination UF. */
  valorFcpUfDestino: number;
  /** vICMSUFRemet: the origin UF's share of the DIFAL (zero since 2019). */
  valorIcmsUfRemetente: number;
  aliquotaIpi: number;
  valorIpi: number;
  /**
   * ICMS-ST a supplier retained on a purchase the declarant may not credit: set by the SPED's escrituração
   * (stSemCreditoNasEntradas), which moves it from the ST fields into the goods' value. Absent when read.
   */
  stSemCredito?: number;
  cstPis: string | null;
  aliquotaPis: number;
  valorPis: number;
  cstCofins: string | null;
  aliquotaCofins: number;
  valorCofins: number;
}

/** A document of the period: NF-e issued (55), supplier note received (55) or NFC-e (65). */
export interface DocumentoFiscal {
  origem: 'nfe' | 'entrada' | 'nfce';
  id: number;
  modelo: '55' | '65';
  /** 0 entrada, 1 saída. */
  indOper: 0 | 1;
  /** 0 emissão própria, 1 terceiros. */
  indEmit: 0 | 1;
  participanteId: number | null;
  cancelado: boolean;
  serie: number | null;
  numero: number;
  chave: string | null;
  dataEmissao: string;
  dataEntradaSaida: string;
  valorTotal: number;
  valorDesconto: number;
  valorProdutos: number;
  valorFrete: number;
  modalidadeFrete: number | null;
  itens: ItemFiscal[];
}

const n = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const s = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

const DIFAL_COLUMNS = 'valor_icms_uf_destino, valor_fcp_uf_destino, valor_icms_uf_remetente';
const SEM_DIFAL =
  'NULL AS valor_icms_uf_destino, NULL AS valor_fcp_uf_destino, NULL AS valor_icms_uf_remetente';

const ITEM_COLUMNS = (
  st: boolean,
  difal: boolean,
) => `numero_item, produto_id::int AS produto_id, codigo, descricao, ncm, cfop, unidade,
  quantidade, valor_unitario, valor_desconto, valor_total, origem, cst_icms, csosn, base_icms, aliquota_icms, valor_icms,
  ${st ? 'base_icms_st, valor_icms_st, aliquota_ipi, valor_ipi' : 'NULL AS base_icms_st, NULL AS valor_icms_st, NULL AS aliquota_ipi, NULL AS valor_ipi'},
  ${difal ? DIFAL_COLUMNS : SEM_DIFAL},
  cst_pis, aliquota_pis, valor_pis, cst_cofins, aliquota_cofins, valor_cofins`;

function itemOf(row: Record<string, unknown>): ItemFiscal {
  return {
    numeroItem: n(row.numero_item),
    produtoId: row.produto_id === null ? null : n(row.produto_id),
    codigo: s(row.codigo),
    descricao: String(row.descricao ?? ''),
    ncm: s(row.ncm)?.replace(/\D/g, '') || null,
    cfop: String(row.cfop ?? '').replace(/\D/g, ''),
    unidade: s(row.unidade),
    quantidade: n(row.quantidade),
    valorUnitario: n(row.valor_unitario),
    valorDesconto: n(row.valor_desconto),
    valorTotal: n(row.valor_total),
    origem: row.origem === null || row.origem === undefined ? null : n(row.origem),
    cstIcms: s(row.cst_icms),
    csosn: s(row.csosn),
    baseIcms: n(row.base_icms),
    aliquotaIcms: n(row.aliquota_icms),
    valorIcms: n(row.valor_icms),
    baseIcmsSt: n(row.base_icms_st),
    valorIcmsSt: n(row.valor_icms_st),
    valorIcmsUfDestino: n(row.valor_icms_uf_destino),
    valorFcpUfDestino: n(row.valor_fcp_uf_destino),
    valorIcmsUfRemetente: n(row.valor_icms_uf_remetente),
    aliquotaIpi: n(row.aliquota_ipi),
    valorIpi: n(row.valor_ipi),
    cstPis: s(row.cst_pis),
    aliquotaPis: n(row.aliquota_pis),
    valorPis: n(row.valor_pis),
    cstCofins: s(row.cst_cofins),
    aliquotaCofins: n(row.aliquota_cofins),
    valorCofins: n(row.valor_cofins),
  };
}

async function itensPor(
  tx: Tx,
  table: string,
  foreignKey: string,
  ids: number[],
  st: boolean,
  difal = false,
) {
  const byParent = new Map<number, ItemFiscal[]>();
  if (ids.length === 0) return byParent;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT ${foreignKey}::int AS parent_id, ${ITEM_COLUMNS(st, difal)} FROM ${table}
      WHERE ${foreignKey} = ANY($1::bigint[]) ORDER BY ${foreignKey}, numero_item NULLS LAST, id`,
    [ids],
  );
  for (const row of rows) {
    const list = byParent.get(n(row.parent_id)) ?? [];
    const item = itemOf(row);
    if (!item.numeroItem) item.numeroItem = list.length + 1;
    list.push(item);
    byParent.set(n(row.parent_id), list);
  }
  return byParent;
}

const LOCAL_DATE = (column: string) => `to_char(${column} AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD')`;

/**
 * The documents of one branch between two dates (ISO, inclusive), with their items read from the item
 * tables. Issued NF-e and NFC-e count by emission date (Brasília time) when authorised or cancelled;
 * supplier notes by entry date unless cancelled. Drafts, rejected, denied and contingency documents are
 * not in any file (situacaoDocumentoFiscal 0, 3, 4, 5, 6).
 */
export async function documentosFiscais(
  tx: Tx,
  filialId: number,
  inicio: string,
  fim: string,
): Promise<DocumentoFiscal[]> {
  const nfe = await tx.query<Record<string, unknown>>(
    `SELECT id::int AS id, tipo_operacao, destinatario_id::int AS participante_id, situacao, serie, numero, chave,
            ${LOCAL_DATE('data_emissao')} AS data_emissao,
            ${LOCAL_DATE('COALESCE(data_saida_entrada, data_emissao)')} AS data_es,
            valor_total, valor_desconto, valor_produtos, valor_frete, modalidade_frete
       FROM nota_fiscal
      WHERE filial_id = $1 AND situacao IN (1, 2)
        AND (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN $2::date AND $3::date
      ORDER BY data_emissao, serie, numero`,
    [filialId, inicio, fim],
  );
  const entradas = await tx.query<Record<string, unknown>>(
    `SELECT id::int AS id, fornecedor_id::int AS participante_id, situacao, serie, numero, chave,
            to_char(COALESCE(data_emissao, data_entrada), 'YYYY-MM-DD') AS data_emissao,
            to_char(COALESCE(data_entrada, data_emissao), 'YYYY-MM-DD') AS data_es,
            valor_total, valor_desconto, valor_produtos, valor_frete, NULL AS modalidade_frete
       FROM nota_entrada
      WHERE filial_id = $1 AND COALESCE(situacao, '') <> 'cancelada'
        AND COALESCE(data_entrada, data_emissao) BETWEEN $2::date AND $3::date
      ORDER BY COALESCE(data_entrada, data_emissao), numero`,
    [filialId, inicio, fim],
  );
  const cupons = await tx.query<Record<string, unknown>>(
    `SELECT id::int AS id, situacao, serie, numero, chave, ${LOCAL_DATE('data_emissao')} AS data_emissao,
            ${LOCAL_DATE('data_emissao')} AS data_es, valor_total, valor_desconto
       FROM cupom_fiscal
      WHERE filial_id = $1 AND situacao IN (1, 2)
        AND (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN $2::date AND $3::date
      ORDER BY data_emissao, serie, numero`,
    [filialId, inicio, fim],
  );
  const itensNfe = await itensPor(
    tx,
    'nota_fiscal_item',
    'nota_fiscal_id',
    nfe.map((r) => n(r.id)),
    true,
    true,
  );
  const itensEntrada = await itensPor(
    tx,
    'nota_entrada_item',
    'nota_entrada_id',
    entradas.map((r) => n(r.id)),
    true,
  );
  const itensCupom = await itensPor(
    tx,
    'cupom_fiscal_item',
    'cupom_fiscal_id',
    cupons.map((r) => n(r.id)),
    false,
  );
  const base = (row: Record<string, unknown>) => ({
    id: n(row.id),
    serie: row.serie === null ? null : n(row.serie),
    numero: n(row.numero),
    // The chave of an alphanumeric CNPJ keeps its letters (NT Conjunta 2025.001).
    chave:
      s(row.chave)
        ?.replace(/[^0-9A-Za-z]/g, '')
        .toUpperCase() || null,
    dataEmissao: String(row.data_emissao),
    dataEntradaSaida: String(row.data_es),
    valorTotal: n(row.valor_total),
    valorDesconto: n(row.valor_desconto),
  });
  const somaItens = (itens: ItemFiscal[]) => itens.reduce((total, item) => total + item.valorTotal, 0);
  return [
    ...nfe.map((row): DocumentoFiscal => {
      const itens = itensNfe.get(n(row.id)) ?? [];
      // An NFC-e issued as a nota (the PDV's sale, emitted with modelo 65) is told by its chave (positions
      // 21–22): model 65, no participant, as the NFC-e of the POS program below.
      const nfce =
        s(row.chave)
          ?.replace(/[^0-9A-Z]/gi, '')
          .slice(20, 22) === '65';
      return {
        ...base(row),
        origem: nfce ? 'nfce' : 'nfe',
        modelo: nfce ? '65' : '55',
        indOper: n(row.tipo_operacao) === 0 ? 0 : 1,
        indEmit: 0,
        participanteId: nfce || row.participante_id === null ? null : n(row.participante_id),
        cancelado: n(row.situacao) === 2,
        valorProdutos: row.valor_produtos === null ? somaItens(itens) : n(row.valor_produtos),
        valorFrete: n(row.valor_frete),
        modalidadeFrete: row.modalidade_frete === null ? null : n(row.modalidade_frete),
        itens,
      };
    }),
    ...entradas.map((row): DocumentoFiscal => {
      const itens = itensEntrada.get(n(row.id)) ?? [];
      return {
        ...base(row),
        origem: 'entrada',
        modelo: '55',
        indOper: 0,
        indEmit: 1,
        participanteId: row.participante_id === null ? null : n(row.participante_id),
        cancelado: false,
        valorProdutos: row.valor_produtos === null ? somaItens(itens) : n(row.valor_produtos),
        valorFrete: n(row.valor_frete),
        modalidadeFrete: null,
        itens,
      };
    }),
    ...cupons.map((row): DocumentoFiscal => {
      const itens = itensCupom.get(n(row.id)) ?? [];
      return {
        ...base(row),
        origem: 'nfce',
        modelo: '65',
        indOper: 1,
        indEmit: 0,
        participanteId: null,
        cancelado: n(row.situacao) === 2,
        valorProdutos: somaItens(itens),
        valorFrete: 0,
        modalidadeFrete: null,
        itens,
      };
    }),
  ];
}
