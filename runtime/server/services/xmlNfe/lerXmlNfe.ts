import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isValidChaveAcesso, partesChaveAcesso } from '../../../core/chaveAcesso.ts';
import { HttpError } from '../../errors.ts';
import { verificarAssinaturaNfe } from './verificarAssinatura.ts';

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
  /** Item shares of freight, insurance and other expenses (prod/vFrete, vSeg, vOutro): part of the landed cost. */
  valorFrete: number;
  valorSeguro: number;
  valorOutras: number;
  /** Import tax (II/vII) of the item. */
  valorIi: number;
  /** FCP retained by substitution (ICMS/vFCPST). */
  valorFcpSt: number;
  /** ICMS relieved (vICMSDeson) and whether the supplier deducted it from the item (indDeduzDeson 1). */
  valorIcmsDesonerado: number;
  deduzDesonerado: boolean;
  /** prod/indTot: 1 when vProd adds to the note's total. */
  compoeTotal: boolean;
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
  /** prod/xPed and nItemPed: the buyer's purchase order and its item, when the supplier filled them. */
  pedidoCompra: string | null;
  itemPedido: number | null;
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

/** One duplicata of the note's cobr group: one conta a pagar each. */
export interface DuplicataNfe {
  numero: string;
  /** yyyy-mm-dd */
  vencimento: string;
  valor: number;
}

/** A cancellation event (tpEvento 110111) registered by SEFAZ for a key. */
export interface CancelamentoNfe {
  chave: string;
  protocolo: string;
  /** ISO 8601 of dhRegEvento (or dhEvento). */
  dataEvento: string;
  justificativa: string | null;
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
  /** Every value group of total/ICMSTot, plus the IBS/CBS totals of the 2026 reform (informational). */
  totais: {
    valorProdutos: number;
    valorDesconto: number;
    valorFrete: number;
    valorSeguro: number;
    valorOutras: number;
    valorIpi: number;
    valorIpiDevolvido: number;
    valorIcmsSt: number;
    valorFcpSt: number;
    valorIcms: number;
    valorIcmsDesonerado: number;
    valorFcp: number;
    valorIi: number;
    valorPis: number;
    valorCofins: number;
    valorServicos: number;
    valorIbs: number;
    valorCbs: number;
    valorTotal: number;
  };
  /** cobr/fat: the invoice's net value (vLiq), when present. */
  fatura: {
    numero: string | null;
    valorOriginal: number;
    valorDesconto: number;
    valorLiquido: number;
  } | null;
  duplicatas: DuplicataNfe[];
  itens: ItemNfeLido[];
  protocolo: { numero: string; cStat: string; motivo: string } | null;
  /** The cancellation event the file carries for this key, if any. */
  cancelamento: CancelamentoNfe | null;
  /**
   * Where the note does not add up (vNF recomputed from its value groups and items, Σ dup against vLiq):
   * pt-BR sentences. A note with divergences is refused unless the user insists; it is then flagged.
   */
  divergencias: string[];
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
  // Numeric character references (&#216;, &#xD8;) decoded as well as the five XML entities; DOCTYPE is
  // refused before parsing, so no declared entity can expand.
  htmlEntities: true,
  isArray: (name) => ['det', 'dup', 'detPag', 'procEventoNFe', 'retEvento', 'evento'].includes(name),
});

/** The namespaces an NF-e file may declare: the NF-e's own and XML-DSig's (the signature). */
const NAMESPACE_NFE = 'http://www.portalfiscal.inf.br/nfe';
const NAMESPACES_ACEITOS = new Set([NAMESPACE_NFE, 'http://www.w3.org/2000/09/xmldsig#']);

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
    pedidoCompra: text(prod.xPed),
    itemPedido: /^[0-9]{1,6}$/.test(text(prod.nItemPed) ?? '') ? Number(text(prod.nItemPed)) : null,
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
    valorFrete: num(prod.vFrete),
    valorSeguro: num(prod.vSeg),
    valorOutras: num(prod.vOutro),
    valorIi: num(node(imposto.II).vII),
    valorFcpSt: num(icms.vFCPST),
    valorIcmsDesonerado: num(icms.vICMSDeson),
    deduzDesonerado: text(icms.indDeduzDeson) === '1',
    compoeTotal: text(prod.indTot) !== '0',
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
    if (typeof valor === 'number' && (!Number.isFinite(valor) || valor < 0))
      throw invalido(`O item ${numeroItem} do XML tem um valor numérico inválido (${campo}).`);
  return lido;
}

const brl = (valor: number) =>
  `R$ ${valor.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (valor: number) => Math.round(valor * 100);
const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Checks the raw text before parsing: an XML, no DOCTYPE/ENTITY, well formed, only the NF-e's namespaces. */
function fonteVerificada(xml: string): string {
  const source = xml.replace(/^\uFEFF/, '').trim();
  if (!source.startsWith('<'))
    throw invalido('O arquivo não é um XML. Escolha o arquivo .xml da NF-e enviado pelo fornecedor.');
  if (/<!DOCTYPE|<!ENTITY/i.test(source))
    throw invalido('O XML contém declarações DOCTYPE/ENTITY, que uma NF-e não tem.');
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    throw invalido(`O arquivo não é um XML válido (linha ${valid.err.line}): ${valid.err.msg}`);
  for (const match of source.matchAll(/\sxmlns(?::[\w.-]+)?\s*=\s*["']([^"']*)["']/g)) {
    const uri = match[1] ?? '';
    if (!NAMESPACES_ACEITOS.has(uri))
      throw invalido(
        `O XML usa o namespace "${uri}", que não é o da NF-e (${NAMESPACE_NFE}): o arquivo não segue o leiaute oficial.`,
      );
  }
  return source;
}

/** Every node named `name` anywhere under `value` (depth-first), arrays flattened. */
function nodesNamed(value: unknown, name: string, found: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const child of value) nodesNamed(child, name, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value as Node)) {
      if (key === name) for (const each of Array.isArray(child) ? child : [child]) found.push(node(each));
      nodesNamed(child, name, found);
    }
  return found;
}

/**
 * The cancellation events (110111) registered by SEFAZ (cStat 135, 136 or 155) found anywhere in a parsed
 * file: in procEventoNFe (evento + retEvento) or a bare retEvento.
 */
function cancelamentosDe(root: unknown): CancelamentoNfe[] {
  const found: CancelamentoNfe[] = [];
  for (const ret of nodesNamed(root, 'retEvento')) {
    const inf = node(ret.infEvento);
    if (text(inf.tpEvento) !== '110111' || !['135', '136', '155'].includes(text(inf.cStat) ?? '')) continue;
    const chave = text(inf.chNFe) ?? '';
    const pedido = nodesNamed(root, 'evento')
      .map((evento) => node(evento.infEvento))
      .find((pedidoInf) => text(pedidoInf.chNFe) === chave && text(pedidoInf.tpEvento) === '110111');
    const detalhe = node(pedido?.detEvento);
    found.push({
      chave,
      protocolo: text(inf.nProt) ?? '',
      dataEvento: text(inf.dhRegEvento) ?? text(pedido?.dhEvento) ?? '',
      justificativa: text(detalhe.xJust),
    });
  }
  return found;
}

/**
 * Reads a separate cancellation event file (procEventoNFe, tpEvento 110111, registered by SEFAZ): the key
 * it cancels. Anything else is a 400 naming what is wrong.
 */
export function lerEventoCancelamento(xml: string): CancelamentoNfe {
  const source = fonteVerificada(xml);
  const root = node(parser.parse(source));
  const tipos = nodesNamed(root, 'infEvento')
    .map((inf) => text(inf.tpEvento))
    .filter((tipo): tipo is string => tipo !== null);
  if (tipos.length === 0)
    throw invalido('O XML não é um evento de NF-e (procEventoNFe): falta o grupo infEvento.');
  if (!tipos.includes('110111'))
    throw invalido(
      `O evento do XML não é um cancelamento (tpEvento ${tipos[0] ?? '?'}; o cancelamento é 110111).`,
    );
  const [cancelamento] = cancelamentosDe(root);
  if (!cancelamento)
    throw invalido(
      'O XML traz o pedido de cancelamento sem o registro da SEFAZ (retEvento com cStat 135): o cancelamento não está homologado.',
    );
  if (!isValidChaveAcesso(cancelamento.chave))
    throw invalido('A chave de acesso do evento de cancelamento é inválida.');
  return cancelamento;
}

/**
 * Where a note does not add up: vNF against its value groups (MOC 4.00, rule of rejection 610:
 * vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ;
 * vICMSDeson deducted only when the items say so, or by the pre-2023 rule), each ICMSTot group against
 * the sum of the items, and Σ vDup against the invoice's vLiq (or vNF without fat).
 */
function divergenciasDe(nota: Omit<NfeLida, 'divergencias' | 'cancelamento'>): string[] {
  const { totais, itens } = nota;
  const divergencias: string[] = [];
  const soma = (pick: (item: ItemNfeLido) => number, filtro = (_: ItemNfeLido) => true) =>
    itens.filter(filtro).reduce((total, item) => total + cents(pick(item)), 0);
  const grupos: [string, number, number][] = [
    [
      'produtos (vProd)',
      totais.valorProdutos,
      soma(
        (item) => item.valorTotal,
        (item) => item.compoeTotal,
      ),
    ],
    ['desconto (vDesc)', totais.valorDesconto, soma((item) => item.valorDesconto)],
    ['frete (vFrete)', totais.valorFrete, soma((item) => item.valorFrete)],
    ['seguro (vSeg)', totais.valorSeguro, soma((item) => item.valorSeguro)],
    ['outras despesas (vOutro)', totais.valorOutras, soma((item) => item.valorOutras)],
    ['IPI (vIPI)', totais.valorIpi, soma((item) => item.valorIpi)],
    ['ICMS ST (vST)', totais.valorIcmsSt, soma((item) => item.valorIcmsSt)],
  ];
  for (const [nome, total, itensCents] of grupos)
    if (Math.abs(cents(total) - itensCents) > 1)
      divergencias.push(
        `O total de ${nome} da nota (${brl(total)}) não confere com a soma dos itens (${brl(itensCents / 100)}).`,
      );
  const semDeson =
    cents(totais.valorProdutos) -
    cents(totais.valorDesconto) +
    cents(totais.valorIcmsSt) +
    cents(totais.valorFcpSt) +
    cents(totais.valorFrete) +
    cents(totais.valorSeguro) +
    cents(totais.valorOutras) +
    cents(totais.valorIi) +
    cents(totais.valorIpi) +
    cents(totais.valorIpiDevolvido) +
    cents(totais.valorServicos);
  const deduzido = soma(
    (item) => item.valorIcmsDesonerado,
    (item) => item.deduzDesonerado,
  );
  const candidatos = [semDeson - deduzido, semDeson - cents(totais.valorIcmsDesonerado)];
  if (!candidatos.some((esperado) => Math.abs(esperado - cents(totais.valorTotal)) <= 1))
    divergencias.push(
      `O valor total da nota (vNF ${brl(totais.valorTotal)}) não confere com a soma dos seus valores (${brl((candidatos[0] ?? 0) / 100)}): o XML pode ter sido alterado depois de assinado.`,
    );
  if (nota.duplicatas.length > 0) {
    const dups = nota.duplicatas.reduce((total, dup) => total + cents(dup.valor), 0);
    const alvo = nota.fatura ? nota.fatura.valorLiquido : totais.valorTotal;
    if (Math.abs(dups - cents(alvo)) > 1)
      divergencias.push(
        `A soma das duplicatas (${brl(dups / 100)}) não confere com o valor ${nota.fatura ? 'líquido da fatura (vLiq' : 'da nota (vNF'} ${brl(alvo)}).`,
      );
  }
  return divergencias;
}

/**
 * Reads the XML of an NF-e 4.00 (nfeProc with its protocol, or the signed NFe alone): well-formed, no
 * DOCTYPE (NF-e never has one; refusing it rules out entity expansion), only the NF-e's namespaces,
 * infNFe 4.00, a valid access key (alphanumeric CNPJ allowed) that matches the emitente, number and
 * series, an exit note (tpNF 1), and an authorised protocol (cStat 100) when present. Every value group
 * is kept and recomputed (`divergencias`); a cancellation event carried in the file is returned in
 * `cancelamento`. Every problem is a 400 with a pt-BR message.
 */
export function lerXmlNfe(xml: string): NfeLida {
  const source = fonteVerificada(xml);
  const root = node(parser.parse(source));
  const proc = node(root.nfeProc);
  const nfe = node(proc.NFe ?? root.NFe);
  const inf = node(nfe.infNFe);
  if (!Object.keys(inf).length)
    throw invalido('O XML não é de uma NF-e: falta o grupo infNFe (esperado nfeProc ou NFe).');
  if (
    !/<(?:[\w.-]+:)?(?:nfeProc|NFe)\b[^>]*\sxmlns(?::[\w.-]+)?\s*=\s*["']http:\/\/www\.portalfiscal\.inf\.br\/nfe["']/.test(
      source,
    )
  )
    throw invalido(
      `O XML não declara o namespace da NF-e (${NAMESPACE_NFE}) no elemento nfeProc/NFe: o arquivo não segue o leiaute oficial.`,
    );
  const versao = text(inf['@_versao']);
  if (versao !== '4.00')
    throw invalido(`Versão do XML não suportada (${versao ?? 'sem versão'}); envie uma NF-e 4.00.`);
  const chave = (text(inf['@_Id']) ?? '').replace(/^NFe/, '').toUpperCase();
  if (!isValidChaveAcesso(chave))
    throw invalido(
      'A chave de acesso do XML é inválida (44 caracteres: o CNPJ do emitente pode ter letras; o dígito verificador deve conferir).',
    );
  const ide = node(inf.ide);
  const emitente = participante(inf.emit, 'enderEmit');
  emitente.cpfCnpj = emitente.cpfCnpj.toUpperCase();
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
  const tipoOperacao = Number(text(ide.tpNF) ?? 1);
  if (tipoOperacao !== 1)
    throw invalido(
      `A NF-e é de entrada (tpNF ${text(ide.tpNF)}): foi emitida pelo próprio ${emitente.nome} para registrar uma entrada dele, não é uma venda para esta empresa.`,
    );
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
    if (protocolo.cStat !== '100')
      throw invalido(
        `A NF-e não está autorizada pela SEFAZ (cStat ${protocolo.cStat || '?'}: ${protocolo.motivo || 'sem motivo'}); só notas com cStat 100 (Autorizado o uso da NF-e) podem ser importadas.`,
      );
    if ((text(prot.chNFe) ?? '').toUpperCase() !== chave)
      throw invalido('O protocolo do XML é de outra chave de acesso.');
  }
  const detalhes = Array.isArray(inf.det) ? inf.det : [];
  if (detalhes.length === 0) throw invalido('O XML não tem itens (det).');
  const total = node(inf.total);
  const icmsTot = node(total.ICMSTot);
  const ibsCbs = node(total.IBSCBSTot);
  const totais = {
    valorProdutos: num(icmsTot.vProd),
    valorDesconto: num(icmsTot.vDesc),
    valorFrete: num(icmsTot.vFrete),
    valorSeguro: num(icmsTot.vSeg),
    valorOutras: num(icmsTot.vOutro),
    valorIpi: num(icmsTot.vIPI),
    valorIpiDevolvido: num(icmsTot.vIPIDevol),
    valorIcmsSt: num(icmsTot.vST),
    valorFcpSt: num(icmsTot.vFCPST),
    valorIcms: num(icmsTot.vICMS),
    valorIcmsDesonerado: num(icmsTot.vICMSDeson),
    valorFcp: num(icmsTot.vFCP),
    valorIi: num(icmsTot.vII),
    valorPis: num(icmsTot.vPIS),
    valorCofins: num(icmsTot.vCOFINS),
    valorServicos: num(node(total.ISSQNtot).vServ),
    valorIbs: num(node(ibsCbs.gIBS).vIBS),
    valorCbs: num(node(ibsCbs.gCBS).vCBS),
    valorTotal: num(icmsTot.vNF),
  };
  if (Object.values(totais).some((valor) => !Number.isFinite(valor) || valor < 0))
    throw invalido('Os totais do XML (ICMSTot) são inválidos.');
  const cobr = node(inf.cobr);
  const fat = node(cobr.fat);
  const fatura = Object.keys(fat).length
    ? {
        numero: text(fat.nFat),
        valorOriginal: num(fat.vOrig),
        valorDesconto: num(fat.vDesc),
        valorLiquido: num(fat.vLiq ?? fat.vOrig),
      }
    : null;
  const duplicatas = (Array.isArray(cobr.dup) ? cobr.dup : []).map((value, index) => {
    const dup = node(value);
    const vencimento = text(dup.dVenc) ?? '';
    const valor = num(dup.vDup);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(vencimento) || !(valor > 0))
      throw invalido(`A duplicata ${index + 1} do XML (cobr/dup) não tem vencimento ou valor válido.`);
    return { numero: text(dup.nDup) ?? String(index + 1).padStart(3, '0'), vencimento, valor };
  });
  const dest = node(inf.dest);
  const lida = {
    chave,
    modelo,
    numero,
    serie,
    dataEmissao,
    naturezaOperacao: text(ide.natOp) ?? '',
    tipoOperacao,
    emitente,
    destinatarioCpfCnpj: (text(dest.CNPJ) ?? text(dest.CPF))?.toUpperCase() ?? null,
    totais,
    fatura,
    duplicatas,
    itens: detalhes.map(item),
    protocolo,
  };
  const cancelamento = cancelamentosDe(root).find((evento) => evento.chave.toUpperCase() === chave) ?? null;
  const divergencias = divergenciasDe(lida);
  // The emitente's signature over infNFe: a note changed after it was signed (a value, a description, a
  // CNPJ) is treated like one whose totals do not add up — refused, or booked flagged if the user insists.
  const assinatura = verificarAssinaturaNfe(source);
  if (!assinatura.valida) divergencias.unshift(`Assinatura digital: ${assinatura.motivo}.`);
  return { ...lida, cancelamento, divergencias };
}

/** "dd/mm/aaaa" of an ISO date or timestamp (messages). */
export const dataBrasileira = (iso: string) => dataBr(iso.slice(0, 10));
