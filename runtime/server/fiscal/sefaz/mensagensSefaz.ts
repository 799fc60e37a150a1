/**
 * The SEFAZ messages of layout 4.00 (events 1.00, DF-e 1.01) built as text in the order of their XSDs, and
 * the answers read back. Pure functions: no I/O. The namespace is the NF-e one everywhere.
 */
export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';

/** XML text escaping for element content and attribute values. */
export function escaparXml(texto: string): string {
  return texto
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** The XML without its declaration (a message embeds the signed NFe/evento as they are). */
export const semDeclaracao = (xml: string) => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');

/** dhEvento/dhEmi-like date (TDateTimeUTC) in Brasília time, e.g. 2026-11-29T10:15:00-03:00. */
export function dataHoraSefaz(data: Date = new Date()): string {
  const local = new Date(data.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

// ---------------------------------------------------------------------------------------------- building

/** enviNFe: one NFe per lote; indSinc 1 asks for the synchronous answer (NFC-e). */
export function montarEnviNFe(nfeAssinada: string, idLote: string, sincrono: boolean): string {
  return `<enviNFe xmlns="${NS_NFE}" versao="4.00"><idLote>${idLote}</idLote><indSinc>${sincrono ? 1 : 0}</indSinc>${semDeclaracao(nfeAssinada)}</enviNFe>`;
}

export function montarConsReciNFe(ambiente: 1 | 2, recibo: string): string {
  return `<consReciNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${ambiente}</tpAmb><nRec>${recibo}</nRec></consReciNFe>`;
}

export function montarConsSitNFe(ambiente: 1 | 2, chave: string): string {
  return `<consSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${ambiente}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`;
}

export function montarConsStatServ(ambiente: 1 | 2, cUF: string): string {
  return `<consStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>${ambiente}</tpAmb><cUF>${cUF}</cUF><xServ>STATUS</xServ></consStatServ>`;
}

/** Fixed text of the carta de correção (Ajuste SINIEF 01/07; the XSD requires it verbatim). */
export const CONDICAO_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

export type DetalheEvento =
  | { tpEvento: '110111'; protocolo: string; justificativa: string }
  | { tpEvento: '110110'; correcao: string }
  | { tpEvento: '210200' | '210210' | '210220' }
  | { tpEvento: '210240'; justificativa: string };

const DESCRICAO_EVENTO: Record<DetalheEvento['tpEvento'], string> = {
  '110111': 'Cancelamento',
  '110110': 'Carta de Correcao',
  '210200': 'Confirmacao da Operacao',
  '210210': 'Ciencia da Operacao',
  '210220': 'Desconhecimento da Operacao',
  '210240': 'Operacao nao Realizada',
};

/** The element the schema of each event validates (the pinned PL), for the XSD check before sending. */
export const SCHEMA_EVENTO: Record<DetalheEvento['tpEvento'], string> = {
  '110111': 'envEventoCancNFe_v1.00.xsd',
  '110110': 'envCCe_v1.00.xsd',
  '210200': 'envConfRecebto_v1.00.xsd',
  '210210': 'envConfRecebto_v1.00.xsd',
  '210220': 'envConfRecebto_v1.00.xsd',
  '210240': 'envConfRecebto_v1.00.xsd',
};

export interface DadosEvento {
  /** cOrgao: the UF's code, or 91 (Ambiente Nacional) for the manifestações. */
  cOrgao: string;
  ambiente: 1 | 2;
  /** The author: the emitente (cancel, CC-e) or the destinatário (manifestação). */
  cnpj: string;
  chave: string;
  dataHora: Date;
  sequencia: number;
  detalhe: DetalheEvento;
}

/** infEvento@Id: "ID" + tpEvento + chave + nSeqEvento (2 digits). */
export const idEvento = (dados: Pick<DadosEvento, 'chave' | 'sequencia' | 'detalhe'>) =>
  `ID${dados.detalhe.tpEvento}${dados.chave}${String(dados.sequencia).padStart(2, '0')}`;

/** An unsigned `<evento>` (signed on infEvento before it goes into envEvento). */
export function montarEvento(dados: DadosEvento): string {
  const d = dados.detalhe;
  const versao = '1.00';
  let det = `<descEvento>${DESCRICAO_EVENTO[d.tpEvento]}</descEvento>`;
  if (d.tpEvento === '110111')
    det += `<nProt>${d.protocolo}</nProt><xJust>${escaparXml(d.justificativa)}</xJust>`;
  else if (d.tpEvento === '110110')
    det += `<xCorrecao>${escaparXml(d.correcao)}</xCorrecao><xCondUso>${CONDICAO_USO_CCE}</xCondUso>`;
  else if (d.tpEvento === '210240') det += `<xJust>${escaparXml(d.justificativa)}</xJust>`;
  return `<evento xmlns="${NS_NFE}" versao="${versao}"><infEvento Id="${idEvento(dados)}"><cOrgao>${dados.cOrgao}</cOrgao><tpAmb>${dados.ambiente}</tpAmb><CNPJ>${dados.cnpj}</CNPJ><chNFe>${dados.chave}</chNFe><dhEvento>${dataHoraSefaz(dados.dataHora)}</dhEvento><tpEvento>${d.tpEvento}</tpEvento><nSeqEvento>${dados.sequencia}</nSeqEvento><verEvento>${versao}</verEvento><detEvento versao="${versao}">${det}</detEvento></infEvento></evento>`;
}

export function montarEnvEvento(eventoAssinado: string, idLote: string): string {
  return `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote>${semDeclaracao(eventoAssinado)}</envEvento>`;
}

export interface DadosInutilizacao {
  ambiente: 1 | 2;
  cUF: string;
  /** Two digits. */
  ano: number;
  cnpj: string;
  modelo: 55 | 65;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
}

/** infInut@Id: "ID" + cUF + ano + CNPJ + mod + série (3) + nNFIni (9) + nNFFin (9). */
export const idInutilizacao = (d: DadosInutilizacao) =>
  `ID${d.cUF}${String(d.ano % 100).padStart(2, '0')}${d.cnpj}${d.modelo}${String(d.serie).padStart(3, '0')}${String(d.numeroInicial).padStart(9, '0')}${String(d.numeroFinal).padStart(9, '0')}`;

/** An unsigned `<inutNFe>` (signed on infInut). */
export function montarInutNFe(d: DadosInutilizacao): string {
  return `<inutNFe xmlns="${NS_NFE}" versao="4.00"><infInut Id="${idInutilizacao(d)}"><tpAmb>${d.ambiente}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${d.cUF}</cUF><ano>${String(d.ano % 100).padStart(2, '0')}</ano><CNPJ>${d.cnpj}</CNPJ><mod>${d.modelo}</mod><serie>${d.serie}</serie><nNFIni>${d.numeroInicial}</nNFIni><nNFFin>${d.numeroFinal}</nNFFin><xJust>${escaparXml(d.justificativa)}</xJust></infInut></inutNFe>`;
}

/** distDFeInt by last NSU (the destinatário's documents, Ambiente Nacional). */
export function montarDistDFeInt(ambiente: 1 | 2, cUFAutor: string, cnpj: string, ultimoNsu: string): string {
  return `<distDFeInt xmlns="${NS_NFE}" versao="1.01"><tpAmb>${ambiente}</tpAmb><cUFAutor>${cUFAutor}</cUFAutor><CNPJ>${cnpj}</CNPJ><distNSU><ultNSU>${ultimoNsu.padStart(15, '0')}</ultNSU></distNSU></distDFeInt>`;
}

/** nfeProc: the signed NFe and SEFAZ's protNFe, the authorised document kept and given to the destinatário. */
export function montarNfeProc(nfeAssinada: string, protNFe: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NS_NFE}" versao="4.00">${semDeclaracao(nfeAssinada)}${protNFe}</nfeProc>`;
}

/** procEventoNFe: the signed evento and its retEvento. */
export function montarProcEvento(eventoAssinado: string, retEvento: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="${NS_NFE}" versao="1.00">${semDeclaracao(eventoAssinado)}${retEvento}</procEventoNFe>`;
}

// ----------------------------------------------------------------------------------------------- reading

const tagRe = (tag: string, flags = '') =>
  new RegExp(`<(?:[\\w-]+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`, flags);

/** Text of the first `<tag>` (any prefix), entities decoded; undefined when absent. */
export function valorTag(xml: string, tag: string): string | undefined {
  const achou = tagRe(tag).exec(xml);
  if (!achou) return undefined;
  return achou[1]!
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** The first element `<tag …>…</tag>` as written (outer XML); undefined when absent. */
export function blocoTag(xml: string, tag: string): string | undefined {
  return blocosTag(xml, tag)[0];
}

/** Every element `<tag …>…</tag>` (not nested in one another), outer XML. */
export function blocosTag(xml: string, tag: string): string[] {
  const re = new RegExp(
    `<(?:[\\w-]+:)?${tag}(?:\\s[^>]*)?>[\\s\\S]*?</(?:[\\w-]+:)?${tag}>|<(?:[\\w-]+:)?${tag}(?:\\s[^>]*)?/>`,
    'g',
  );
  return xml.match(re) ?? [];
}

export interface Protocolo {
  chave: string;
  cStat: number;
  xMotivo: string;
  protocolo: string | null;
  dataRecebimento: string | null;
  /** The protNFe element as SEFAZ wrote it (goes into nfeProc). */
  xml: string;
}

export function lerProtNFe(protNFe: string): Protocolo {
  return {
    chave: valorTag(protNFe, 'chNFe') ?? '',
    cStat: Number(valorTag(protNFe, 'cStat') ?? 0),
    xMotivo: valorTag(protNFe, 'xMotivo') ?? '',
    protocolo: valorTag(protNFe, 'nProt') ?? null,
    dataRecebimento: valorTag(protNFe, 'dhRecbto') ?? null,
    xml: protNFe.replace(/<(\/?)[\w-]+:/g, '<$1'),
  };
}

export interface RetornoSefaz {
  cStat: number;
  xMotivo: string;
}

/** retEnviNFe: 103 with the recibo (lote), or 104 with the protNFe (synchronous), or a rejection of the lote. */
export function lerRetEnviNFe(
  xml: string,
): RetornoSefaz & { recibo: string | null; protocolo: Protocolo | null } {
  const prot = blocoTag(xml, 'protNFe');
  const infRec = blocoTag(xml, 'infRec');
  return {
    cStat: Number(valorTag(prot ? xml.replace(prot, '') : xml, 'cStat') ?? 0),
    xMotivo: valorTag(prot ? xml.replace(prot, '') : xml, 'xMotivo') ?? '',
    recibo: infRec ? (valorTag(infRec, 'nRec') ?? null) : null,
    protocolo: prot ? lerProtNFe(prot) : null,
  };
}

/** retConsReciNFe: 105 still processing, 104 processed (protNFe per note), or a rejection. */
export function lerRetConsReciNFe(xml: string): RetornoSefaz & { protocolos: Protocolo[] } {
  const protocolos = blocosTag(xml, 'protNFe');
  let resto = xml;
  for (const p of protocolos) resto = resto.replace(p, '');
  return {
    cStat: Number(valorTag(resto, 'cStat') ?? 0),
    xMotivo: valorTag(resto, 'xMotivo') ?? '',
    protocolos: protocolos.map(lerProtNFe),
  };
}

/** retConsSitNFe: the situation of a chave (100 authorised, 101 cancelled, 217 unknown…) and its protNFe. */
export function lerRetConsSitNFe(xml: string): RetornoSefaz & { protocolo: Protocolo | null } {
  const prot = blocoTag(xml, 'protNFe');
  let resto = xml;
  if (prot) resto = resto.replace(prot, '');
  for (const evento of blocosTag(resto, 'procEventoNFe')) resto = resto.replace(evento, '');
  return {
    cStat: Number(valorTag(resto, 'cStat') ?? 0),
    xMotivo: valorTag(resto, 'xMotivo') ?? '',
    protocolo: prot ? lerProtNFe(prot) : null,
  };
}

export interface RetornoEvento extends RetornoSefaz {
  /** Lote's cStat (128 processed) and motive, when the lote itself was rejected. */
  cStatLote: number;
  xMotivoLote: string;
  protocolo: string | null;
  dataRegistro: string | null;
  /** retEvento as SEFAZ wrote it (goes into procEventoNFe). */
  xml: string | null;
}

/** retEnvEvento: the lote (128) and the event's own cStat (135 registered, 136 registered not linked…). */
export function lerRetEnvEvento(xml: string): RetornoEvento {
  const ret = blocoTag(xml, 'retEvento');
  const resto = ret ? xml.replace(ret, '') : xml;
  const cStatLote = Number(valorTag(resto, 'cStat') ?? 0);
  const xMotivoLote = valorTag(resto, 'xMotivo') ?? '';
  return {
    cStatLote,
    xMotivoLote,
    cStat: ret ? Number(valorTag(ret, 'cStat') ?? 0) : cStatLote,
    xMotivo: ret ? (valorTag(ret, 'xMotivo') ?? '') : xMotivoLote,
    protocolo: ret ? (valorTag(ret, 'nProt') ?? null) : null,
    dataRegistro: ret ? (valorTag(ret, 'dhRegEvento') ?? null) : null,
    xml: ret ? ret.replace(/<(\/?)[\w-]+:/g, '<$1') : null,
  };
}

/** retInutNFe: 102 homologated, with its protocol. */
export function lerRetInutNFe(xml: string): RetornoSefaz & {
  protocolo: string | null;
  dataRecebimento: string | null;
} {
  return {
    cStat: Number(valorTag(xml, 'cStat') ?? 0),
    xMotivo: valorTag(xml, 'xMotivo') ?? '',
    protocolo: valorTag(xml, 'nProt') ?? null,
    dataRecebimento: valorTag(xml, 'dhRecbto') ?? null,
  };
}

/** retConsStatServ: 107 in operation, 108/109 stopped; tMed in seconds. */
export function lerRetConsStatServ(xml: string): RetornoSefaz & {
  tempoMedio: number | null;
  dataRecebimento: string | null;
  observacao: string | null;
} {
  const tMed = valorTag(xml, 'tMed');
  return {
    cStat: Number(valorTag(xml, 'cStat') ?? 0),
    xMotivo: valorTag(xml, 'xMotivo') ?? '',
    tempoMedio: tMed === undefined ? null : Number(tMed),
    dataRecebimento: valorTag(xml, 'dhRecbto') ?? null,
    observacao: valorTag(xml, 'xObs') ?? null,
  };
}

export interface DocumentoDistribuido {
  nsu: string;
  schema: string;
  /** The document (resNFe, procNFe, resEvento…) unzipped. */
  xml: string;
}

/**
 * retDistDFeInt: 137 nothing found, 138 documents found (docZip: gzip + base64, unzipped with `gunzip`).
 */
export function lerRetDistDFeInt(
  xml: string,
  gunzip: (dados: Buffer) => Buffer,
): RetornoSefaz & { ultimoNsu: string; maximoNsu: string; documentos: DocumentoDistribuido[] } {
  const documentos = [...xml.matchAll(/<(?:[\w-]+:)?docZip\s([^>]*)>([^<]*)</g)].map((achou) => {
    const atributos = achou[1]!;
    return {
      nsu: /NSU="([^"]*)"/.exec(atributos)?.[1] ?? '',
      schema: /schema="([^"]*)"/.exec(atributos)?.[1] ?? '',
      xml: gunzip(Buffer.from(achou[2]!, 'base64')).toString('utf8'),
    };
  });
  return {
    cStat: Number(valorTag(xml, 'cStat') ?? 0),
    xMotivo: valorTag(xml, 'xMotivo') ?? '',
    ultimoNsu: valorTag(xml, 'ultNSU') ?? '',
    maximoNsu: valorTag(xml, 'maxNSU') ?? '',
    documentos,
  };
}
