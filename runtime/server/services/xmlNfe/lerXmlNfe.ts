import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isValidChaveAcesso, partesChaveAcesso } from '../../../core/chaveAcesso.ts';
import { HttpError } from '../../errors.ts';

/** One item (det) of a supplier's NF-e, as the entry note keeps it. */
export interface ItemNfeLido {
  numeroItem: number;
  codigo: string;
  /** cEAN, or cEANTrib, when a GTIN (not "SEM GTIN"). */
  ean: string | null;
  descricao: string;
  ncm: string | null;
  cest: string | null;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  valorDesconto: number;
  valorTotal: number;
  origem: number;
  cstIcms: string | null;
  csosn: string | null;
  baseIcms: number;
  aliquotaIcms: number;
  valorIcms: number;
  baseIcmsSt: number;
  valorIcmsSt: number;
  aliquotaIpi: number;
  valorIpi: number;
  cstPis: string | null;
  aliquotaPis: number;
  valorPis: number;
  cstCofins: string | null;
  aliquotaCofins: number;
  valorCofins: number;
}

export interface ParticipanteNfe {
  cpfCnpj: string;
  nome: string;
  nomeFantasia: string | null;
  inscricaoEstadual: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  codigoMunicipio: number | null;
  uf: string | null;
  cep: string | null;
  telefone: string | null;
  email: string | null;
}

/** What an NF-e 4.00 XML (nfeProc or bare NFe) says, read and checked. */
export interface NfeLida {
  chave: string;
  modelo: string;
  numero: number;
  serie: number;
  /** yyyy-mm-dd of dhEmi, as the emitente's clock wrote it. */
  dataEmissao: string;
  naturezaOperacao: string;
  tipoOperacao: number;
  emitente: ParticipanteNfe;
  destinatarioCpfCnpj: string | null;
  totais: {
    valorProdutos: number;
    valorDesconto: number;
    valorFrete: number;
    valorIpi: number;
    valorIcmsSt: number;
    valorTotal: number;
  };
  itens: ItemNfeLido[];
  protocolo: { numero: string; cStat: string; motivo: string } | null;
}

type Node = Record<string, unknown>;

const invalido = (message: string) => new HttpError(400, 'XML_NFE_INVALIDO', message);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'det',
});

const node = (value: unknown): Node =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const inner = node(value)['#text'];
  return typeof inner === 'string' ? inner.trim() || null : null;
};
const num = (value: unknown): number => {
  const raw = text(value);
  const parsed = raw === null ? 0 : Number(raw);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};
/** The only child of a choice group (ICMS00, ICMSSN102, PISAliq…), or an empty node. */
const choice = (value: unknown): Node => {
  const first = Object.values(node(value)).find((child) => child && typeof child === 'object');
  return node(first);
};
const gtin = (value: unknown): string | null => {
  const raw = text(value);
  return raw && /^[0-9]{8,14}$/.test(raw) ? raw : null;
};

function participante(value: unknown, endereco: string): ParticipanteNfe {
  const data = node(value);
  const address = node(data[endereco]);
  const municipio = text(address.cMun);
  return {
    cpfCnpj: text(data.CNPJ) ?? text(data.CPF) ?? '',
    nome: text(data.xNome) ?? '',
    nomeFantasia: text(data.xFant),
    inscricaoEstadual: text(data.IE),
    logradouro: text(address.xLgr),
    numero: text(address.nro),
    complemento: text(address.xCpl),
    bairro: text(address.xBairro),
    codigoMunicipio: municipio && /^[0-9]{7}$/.test(municipio) ? Number(municipio) : null,
    uf: text(address.UF),
    cep: text(address.CEP),
    telefone: text(address.fone),
    email: text(data.email),
  };
}

function item(det: unknown, index: number): ItemNfeLido {
  const data = node(det);
  const prod = node(data.prod);
  const imposto = node(data.imposto);
  const icms = choice(imposto.ICMS);
  const ipi = node(node(imposto.IPI).IPITrib);
  const pis = choice(imposto.PIS);
  const cofins = choice(imposto.COFINS);
  const numeroItem = Number(text(data['@_nItem']) ?? index + 1);
  const lido: ItemNfeLido = {
    numeroItem,
    codigo: text(prod.cProd) ?? '',
    ean: gtin(prod.cEAN) ?? gtin(prod.cEANTrib),
    descricao: text(prod.xProd) ?? '',
    ncm: text(prod.NCM),
    cest: text(prod.CEST),
    cfop: text(prod.CFOP) ?? '',
    unidade: text(prod.uCom) ?? 'UN',
    quantidade: num(prod.qCom),
    valorUnitario: num(prod.vUnCom),
    valorDesconto: num(prod.vDesc),
    valorTotal: num(prod.vProd),
    origem: num(icms.orig),
    cstIcms: text(icms.CST),
    csosn: text(icms.CSOSN),
    baseIcms: num(icms.vBC),
    aliquotaIcms: num(icms.pICMS),
    valorIcms: num(icms.vICMS),
    baseIcmsSt: num(icms.vBCST),
    valorIcmsSt: num(icms.vICMSST),
    aliquotaIpi: num(ipi.pIPI),
    valorIpi: num(ipi.vIPI),
    cstPis: text(pis.CST),
    aliquotaPis: num(pis.pPIS),
    valorPis: num(pis.vPIS),
    cstCofins: text(cofins.CST),
    aliquotaCofins: num(cofins.pCOFINS),
    valorCofins: num(cofins.vCOFINS),
  };
  if (!lido.descricao || !/^[0-9]{4}$/.test(lido.cfop) || !(lido.quantidade > 0))
    throw invalido(`O item ${numeroItem} do XML está incompleto (descrição, CFOP ou quantidade).`);
  for (const [campo, valor] of Object.entries(lido))
    if (typeof valor === 'number' && !Number.isFinite(valor))
      throw invalido(`O item ${numeroItem} do XML tem um valor numérico inválido (${campo}).`);
  return lido;
}

/**
 * Reads the XML of an NF-e 4.00 (nfeProc with its protocol, or the signed NFe alone): well-formed, no
 * DOCTYPE (NF-e never has one; refusing it rules out entity expansion), infNFe 4.00, a valid access key
 * that matches the emitente, number and series, and an authorised protocol when present. Every problem is
 * a 400 with a pt-BR message; the signature is not verified (the key and protocol are what SEFAZ checks).
 */
export function lerXmlNfe(xml: string): NfeLida {
  const source = xml.replace(/^\uFEFF/, '').trim();
  if (!source.startsWith('<'))
    throw invalido('O arquivo não é um XML. Escolha o arquivo .xml da NF-e enviado pelo fornecedor.');
  if (/<!DOCTYPE|<!ENTITY/i.test(source))
    throw invalido('O XML contém declarações DOCTYPE/ENTITY, que uma NF-e não tem.');
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    throw invalido(`O arquivo não é um XML válido (linha ${valid.err.line}): ${valid.err.msg}`);
  const root = node(parser.parse(source));
  const proc = node(root.nfeProc);
  const nfe = node(proc.NFe ?? root.NFe);
  const inf = node(nfe.infNFe);
  if (!Object.keys(inf).length)
    throw invalido('O XML não é de uma NF-e: falta o grupo infNFe (esperado nfeProc ou NFe).');
  const versao = text(inf['@_versao']);
  if (versao !== '4.00')
    throw invalido(`Versão do XML não suportada (${versao ?? 'sem versão'}); envie uma NF-e 4.00.`);
  const chave = (text(inf['@_Id']) ?? '').replace(/^NFe/, '');
  if (!isValidChaveAcesso(chave))
    throw invalido('A chave de acesso do XML é inválida (44 dígitos com dígito verificador).');
  const ide = node(inf.ide);
  const emitente = participante(inf.emit, 'enderEmit');
  const partes = partesChaveAcesso(chave);
  const numero = Number(text(ide.nNF));
  const serie = Number(text(ide.serie));
  const modelo = text(ide.mod) ?? '';
  if (modelo !== '55')
    throw invalido(`O XML é de um documento modelo ${modelo || '?'}; importe o XML de uma NF-e (modelo 55).`);
  if (
    partes.numero !== numero ||
    partes.serie !== serie ||
    partes.modelo !== modelo ||
    partes.cnpjEmitente !== emitente.cpfCnpj.padStart(14, '0')
  )
    throw invalido('A chave de acesso não confere com o emitente, o número ou a série da nota.');
  if (!emitente.nome) throw invalido('O XML não informa o nome do emitente.');
  const dataEmissao = (text(ide.dhEmi) ?? text(ide.dEmi) ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dataEmissao)) throw invalido('O XML não informa a data de emissão.');
  const prot = node(node(proc.protNFe).infProt);
  let protocolo: NfeLida['protocolo'] = null;
  if (Object.keys(prot).length) {
    protocolo = {
      numero: text(prot.nProt) ?? '',
      cStat: text(prot.cStat) ?? '',
      motivo: text(prot.xMotivo) ?? '',
    };
    if (protocolo.cStat !== '100' && protocolo.cStat !== '150')
      throw invalido(`A NF-e não foi autorizada pela SEFAZ (${protocolo.cStat}: ${protocolo.motivo}).`);
    if (text(prot.chNFe) !== chave) throw invalido('O protocolo do XML é de outra chave de acesso.');
  }
  const detalhes = Array.isArray(inf.det) ? inf.det : [];
  if (detalhes.length === 0) throw invalido('O XML não tem itens (det).');
  const total = node(node(inf.total).ICMSTot);
  const totais = {
    valorProdutos: num(total.vProd),
    valorDesconto: num(total.vDesc),
    valorFrete: num(total.vFrete),
    valorIpi: num(total.vIPI),
    valorIcmsSt: num(total.vST),
    valorTotal: num(total.vNF),
  };
  if (Object.values(totais).some((valor) => !Number.isFinite(valor) || valor < 0))
    throw invalido('Os totais do XML (ICMSTot) são inválidos.');
  const dest = node(inf.dest);
  return {
    chave,
    modelo,
    numero,
    serie,
    dataEmissao,
    naturezaOperacao: text(ide.natOp) ?? '',
    tipoOperacao: Number(text(ide.tpNF) ?? 1),
    emitente,
    destinatarioCpfCnpj: text(dest.CNPJ) ?? text(dest.CPF),
    totais,
    itens: detalhes.map(item),
    protocolo,
  };
}
