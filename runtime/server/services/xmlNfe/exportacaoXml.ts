import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import { HttpError } from '../../errors.ts';
import type { ScreenToolContext } from '../screenTools/runScreenTool.ts';
import { buildZipInWorker, type ZipEntry } from '../zip/buildZipInWorker.ts';

export type TipoDocumentoXml = 'nfe' | 'nfce' | 'entrada';
export type SituacaoExportacaoXml = 'autorizadas' | 'canceladas' | 'denegadas' | 'todas';

/** What the accountant chose on NF-e › Exportar XML. */
export interface PedidoExportacaoXml {
  dataInicial: string;
  dataFinal: string;
  tipos: TipoDocumentoXml[];
  situacao: SituacaoExportacaoXml;
}

interface Fonte {
  descricao: string;
  table: string;
  /** The day the document counts for: issue date (Brasília) of the company's own documents, entry date of the supplier's. */
  data: string;
  situacoes: Record<SituacaoExportacaoXml, string[]>;
}

/**
 * Documents by type. Issued NF-e include the company's own entry notes (tipoOperacao 0): the company issued
 * them too. situacaoDocumentoFiscal: 1 Autorizado, 2 Cancelado, 4 Denegado (the others never had an
 * authorised XML); situacaoEntradaNota: pendente and lancada are valid notes, cancelada is not.
 */
const FONTES: Record<TipoDocumentoXml, Fonte> = {
  nfe: {
    descricao: 'NF-e emitidas',
    table: 'nota_fiscal',
    data: "(data_emissao AT TIME ZONE 'America/Sao_Paulo')::date",
    situacoes: { autorizadas: ['1'], canceladas: ['2'], denegadas: ['4'], todas: ['1', '2', '4'] },
  },
  nfce: {
    descricao: 'NFC-e',
    table: 'cupom_fiscal',
    data: "(data_emissao AT TIME ZONE 'America/Sao_Paulo')::date",
    situacoes: { autorizadas: ['1'], canceladas: ['2'], denegadas: ['4'], todas: ['1', '2', '4'] },
  },
  entrada: {
    descricao: 'Notas de entrada',
    table: 'nota_entrada',
    data: 'data_entrada',
    situacoes: {
      autorizadas: ['pendente', 'lancada'],
      canceladas: ['cancelada'],
      denegadas: [],
      todas: ['pendente', 'lancada', 'cancelada'],
    },
  },
};

/** Most XML bytes one ZIP carries (built in memory); a bigger month is exported by fortnight or type. */
export const MAX_BYTES_EXPORTACAO_XML = 300 * 1024 * 1024;
/** Documents without XML listed in the preview (the count covers all). */
export const MAX_AVISOS_XML = 500;
const MAX_DIAS = 366;

interface DocumentoRow {
  id: number;
  numero: number | null;
  serie: number | null;
  chave: string | null;
  data: string;
  tamanho: number | null;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;

function periodoValido(pedido: PedidoExportacaoXml) {
  if (!DATA.test(pedido.dataInicial) || !DATA.test(pedido.dataFinal))
    throw new HttpError(400, 'PERIODO_INVALIDO', 'Informe a data inicial e a data final.');
  const dias = (Date.parse(pedido.dataFinal) - Date.parse(pedido.dataInicial)) / 86_400_000;
  if (dias < 0) throw new HttpError(400, 'PERIODO_INVALIDO', 'A data final é anterior à data inicial.');
  if (dias >= MAX_DIAS) throw new HttpError(400, 'PERIODO_INVALIDO', 'Escolha um período de até 12 meses.');
  if (pedido.tipos.length === 0)
    throw new HttpError(400, 'TIPO_NAO_INFORMADO', 'Escolha ao menos um tipo de documento.');
}

const nomeDoArquivo = (cnpj: string, dataInicial: string) =>
  `XML-NFe-${cnpj || 'SEM-CNPJ'}-${dataInicial.slice(0, 4)}${dataInicial.slice(5, 7)}.zip`;

const entrada = (tipo: TipoDocumentoXml, row: { chave: string | null; id: number }) =>
  `${row.chave ?? `${tipo}-${row.id}`}-nfe.xml`;

function consulta(tipo: TipoDocumentoXml, pedido: PedidoExportacaoXml, filialId: number, colunas: string) {
  const fonte = FONTES[tipo];
  return {
    sql: `SELECT id, numero, serie, chave, to_char(${fonte.data}, 'YYYY-MM-DD') AS data, ${colunas}
            FROM ${fonte.table}
           WHERE filial_id = $1 AND ${fonte.data} BETWEEN $2::date AND $3::date AND situacao::text = ANY($4::text[])
           ORDER BY ${fonte.data}, numero, id`,
    params: [filialId, pedido.dataInicial, pedido.dataFinal, fonte.situacoes[pedido.situacao]],
  };
}

/**
 * The documents of the selected branch in the period, by type and situation: how many, how many carry
 * the stored authorised XML, and those that do not (warnings: they will be missing from the ZIP). RLS
 * keeps other companies out; the branch is the user's selected one.
 */
export async function previaExportacaoXml(context: ScreenToolContext, pedido: PedidoExportacaoXml) {
  periodoValido(pedido);
  const { tx, scope } = context;
  const filialId = Number(scope.filialId);
  const filial = await tx.maybeOne<{ cpf_cnpj: string | null }>('SELECT cpf_cnpj FROM filial WHERE id = $1', [
    filialId,
  ]);
  const tipos = [];
  const avisos = [];
  let semXml = 0;
  let tamanhoBytes = 0;
  for (const tipo of [...new Set(pedido.tipos)]) {
    const { sql, params } = consulta(tipo, pedido, filialId, 'octet_length(xml) AS tamanho');
    const rows = await tx.query<DocumentoRow>(sql, params);
    const comXml = rows.filter((row) => row.tamanho !== null);
    tamanhoBytes += comXml.reduce((sum, row) => sum + Number(row.tamanho), 0);
    tipos.push({
      tipo,
      descricao: FONTES[tipo].descricao,
      total: rows.length,
      comXml: comXml.length,
      semXml: rows.length - comXml.length,
    });
    for (const row of rows) {
      if (row.tamanho !== null) continue;
      semXml++;
      if (avisos.length < MAX_AVISOS_XML)
        avisos.push({
          tipo,
          descricaoTipo: FONTES[tipo].descricao,
          id: row.id,
          numero: row.numero,
          serie: row.serie,
          chave: row.chave,
          data: row.data,
          motivo: 'XML autorizado não armazenado',
        });
    }
  }
  const total = tipos.reduce((sum, tipo) => sum + tipo.total, 0);
  return {
    nomeArquivo: nomeDoArquivo(normalizeCpfCnpj(filial?.cpf_cnpj), pedido.dataInicial),
    total,
    comXml: total - semXml,
    semXml,
    tamanhoBytes,
    tipos,
    avisos,
  };
}

/** The ZIP of the stored XMLs (one `<chave>-nfe.xml` each); 400 when none or more than the size limit. */
export async function arquivoExportacaoXml(context: ScreenToolContext, pedido: PedidoExportacaoXml) {
  const previa = await previaExportacaoXml(context, pedido);
  if (previa.comXml === 0)
    throw new HttpError(
      400,
      'EXPORTACAO_SEM_XML',
      previa.total === 0
        ? 'Nenhum documento no período com os filtros escolhidos.'
        : 'Nenhum dos documentos do período tem o XML autorizado armazenado.',
    );
  if (previa.tamanhoBytes > MAX_BYTES_EXPORTACAO_XML)
    throw new HttpError(
      400,
      'EXPORTACAO_GRANDE_DEMAIS',
      'Os XMLs do período passam de 300 MB: gere um arquivo por quinzena ou por tipo de documento.',
    );
  const entradas: ZipEntry[] = [];
  const nomes = new Set<string>();
  const filialId = Number(context.scope.filialId);
  for (const tipo of [...new Set(pedido.tipos)]) {
    const { sql, params } = consulta(tipo, pedido, filialId, 'xml');
    const rows = await context.tx.query<DocumentoRow & { xml: string | null }>(sql, params);
    for (const row of rows) {
      if (row.xml === null) continue;
      const nome = entrada(tipo, row);
      if (nomes.has(nome)) continue;
      nomes.add(nome);
      entradas.push({ nome, conteudo: row.xml, data: new Date(`${row.data}T12:00:00Z`) });
    }
  }
  // Deflating is CPU-bound: done in a worker thread (UTF-16 worst case of the size limit).
  const conteudo = await buildZipInWorker(entradas, 2 * MAX_BYTES_EXPORTACAO_XML + 1024 * 1024);
  return { nomeArquivo: previa.nomeArquivo, exportados: nomes.size, semXml: previa.semXml, conteudo };
}
