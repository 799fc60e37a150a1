import { digitoChaveAcesso } from '../chaveAcesso.ts';
import { ErroTributario } from './ErroTributario.ts';
import { icmsXml } from './icmsXml.ts';
import type { ItemCalculado, ResultadoTributos, TotaisCalculados } from './tributacaoTipos.ts';
import { dinheiro, grupo, percentual, quantidadeXml, tag, valorUnitarioXml } from './xmlNfeTexto.ts';

export const NAMESPACE_NFE = 'http://www.portalfiscal.inf.br/nfe';
/** Homologação texts SEFAZ requires (rejeições 598 and 373). */
export const NOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const PRODUTO_HOMOLOGACAO = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export interface EnderecoXml {
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  codigoMunicipio: number;
  municipio: string;
  uf: string;
  cep?: string | null;
  telefone?: string | null;
}

export interface EmitenteXml {
  /** CNPJ as a string (alphanumeric allowed: NT Conjunta 2025.001). */
  cnpj: string;
  nome: string;
  fantasia?: string | null;
  ie: string;
  crt: 1 | 2 | 3 | 4;
  endereco: EnderecoXml;
}

export interface DestinatarioXml {
  /** 14 characters (CNPJ) or 11 digits (CPF). */
  documento: string;
  /** null for a consumer identified by the document alone (an NFC-e's "CPF na nota"). */
  nome: string | null;
  indIEDest: 1 | 2 | 9;
  ie?: string | null;
  email?: string | null;
  endereco?: EnderecoXml | null;
}

/** transp/transporta: the carrier (its CNPJ alphanumeric too, CPF, or none), all optional in the layout. */
export interface TransportadorXml {
  /** 14 characters (CNPJ) or 11 digits (CPF); null when not informed. */
  documento?: string | null;
  nome: string;
  ie?: string | null;
  /** xEnder: street, number and complement in one line. */
  endereco?: string | null;
  municipio?: string | null;
  uf?: string | null;
}

export interface ItemXml {
  codigo: string;
  gtin?: string | null;
  descricao: string;
  ncm: string;
  cest?: string | null;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
}

export interface PagamentoXml {
  /** tPag (01 dinheiro, 03 cartão de crédito, 15 boleto, 17 PIX, 90 sem pagamento, 99 outros…). */
  tPag: string;
  vPag: number;
  /** Required with tPag 99. */
  xPag?: string | null;
  /** indPag: 0 à vista, 1 a prazo. */
  indPag?: 0 | 1;
  /**
   * The card group of an electronic payment: tpIntegra 1 when a TEF integrated with the system took it, 2
   * for a POS terminal apart from it (then CNPJ, tBand and cAut are optional); the bandeira when known.
   */
  cartao?: { tpIntegra: 1 | 2; tBand?: string | null } | null;
}

/**
 * tPag that SEFAZ refuses without the card group (rejeição 391, "Não informados os dados do cartão de crédito /
 * débito nas Formas de Pagamento"): credit and debit card. PIX (17) takes it too; it is sent for all three.
 */
const PAGAMENTOS_COM_CARTAO = new Set(['03', '04', '17']);

/** The card group of a payment (XSD order tpIntegra, CNPJ, tBand, cAut): a POS apart from the system by default. */
function cartaoXml(p: PagamentoXml): string {
  if (!p.cartao && !PAGAMENTOS_COM_CARTAO.has(p.tPag)) return '';
  return grupo('card', tag('tpIntegra', String(p.cartao?.tpIntegra ?? 2)), tag('tBand', p.cartao?.tBand));
}

export interface DadosNotaXml {
  modelo: 55 | 65;
  serie: number;
  numero: number;
  /** 8 random digits; gerarCodigoNumerico when absent. */
  codigoNumerico?: string;
  dataEmissao: Date;
  /** UTC offset written in dhEmi, '-03:00' (Brasília) by default. */
  fusoHorario?: string;
  /** 1 produção, 2 homologação (the default). */
  ambiente: 1 | 2;
  tipoEmissao?: number;
  /** tpImp of an NF-e: 1 DANFE retrato (the default), 2 paisagem; an NFC-e is always 4. */
  tipoImpressao?: 1 | 2;
  naturezaOperacao: string;
  tipoOperacao: 0 | 1;
  finalidade: number;
  consumidorFinal: boolean;
  indicadorPresenca: number;
  emitente: EmitenteXml;
  destinatario?: DestinatarioXml | null;
  itens: ItemXml[];
  tributos: ResultadoTributos;
  modalidadeFrete: number;
  transportador?: TransportadorXml | null;
  pagamentos: PagamentoXml[];
  troco?: number;
  informacoesComplementares?: string | null;
  versaoAplicativo?: string;
  /** Contingency (tpEmis ≠ 1): when it started and why (15 to 256 characters), ide/dhCont and xJust. */
  contingencia?: { inicio: Date; justificativa: string } | null;
}

export interface NotaXml {
  xml: string;
  chave: string;
  codigoNumerico: string;
}

/** A uniform number in [0, 1) from the platform's CSPRNG (Web Crypto: Node and browsers). */
const aleatorioSeguro = () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/**
 * cNF: 8 random digits, never equal to the note number (MOC 4.00, B03); from a CSPRNG, since it is what
 * keeps a chave from being guessed from the emitente's sequence.
 */
export function gerarCodigoNumerico(numero: number, random: () => number = aleatorioSeguro): string {
  const proibido = String(numero).padStart(8, '0').slice(-8);
  for (;;) {
    const codigo = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
    if (codigo !== proibido) return codigo;
  }
}

/** dhEmi (TDateTimeUTC) in the given offset, e.g. 2026-11-29T10:15:00-03:00. */
export function dataHoraXml(data: Date, fuso = '-03:00'): string {
  const [, sinal, horas, minutos] = /^([+-])(\d{2}):(\d{2})$/.exec(fuso) ?? [];
  const offsetMin = (sinal === '-' ? -1 : 1) * (Number(horas) * 60 + Number(minutos));
  const local = new Date(data.getTime() + offsetMin * 60_000);
  return `${local.toISOString().slice(0, 19)}${fuso}`;
}

const cUFDe = (codigoMunicipio: number) => String(codigoMunicipio).slice(0, 2);
const semMascara = (value: string | null | undefined) =>
  (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** transp/transporta (leiauteNFe X03): CNPJ or CPF, xNome, IE, xEnder, xMun, UF; '' without a carrier. */
function transporta(t: TransportadorXml | null | undefined): string {
  if (!t) return '';
  const documento = semMascara(t.documento);
  const ie = semMascara(t.ie);
  return grupo(
    'transporta',
    documento.length === 11 ? tag('CPF', documento) : tag('CNPJ', documento),
    tag('xNome', t.nome.slice(0, 60)),
    tag('IE', ie === 'ISENTO' || /^[0-9]{2,14}$/.test(ie) ? ie : null),
    tag('xEnder', t.endereco?.slice(0, 60)),
    tag('xMun', t.municipio?.slice(0, 60)),
    tag('UF', t.uf),
  );
}

function endereco(nome: 'enderEmit' | 'enderDest', e: EnderecoXml): string {
  return grupo(
    nome,
    tag('xLgr', e.logradouro),
    tag('nro', e.numero || 'S/N'),
    tag('xCpl', e.complemento),
    tag('xBairro', e.bairro),
    tag('cMun', String(e.codigoMunicipio)),
    tag('xMun', e.municipio),
    tag('UF', e.uf),
    tag('CEP', semMascara(e.cep) || null),
    tag('cPais', '1058'),
    tag('xPais', 'Brasil'),
    tag('fone', semMascara(e.telefone) || null),
  );
}

function pisCofinsXml(nome: 'PIS' | 'COFINS', cst: string, vBC: number, p: number, v: number): string {
  const cstTag = tag('CST', cst);
  if (cst === '01' || cst === '02')
    return grupo(
      nome,
      grupo(
        `${nome}Aliq`,
        cstTag,
        tag('vBC', dinheiro(vBC)),
        tag(`p${nome}`, percentual(p)),
        tag(`v${nome}`, dinheiro(v)),
      ),
    );
  if (['04', '05', '06', '07', '08', '09'].includes(cst)) return grupo(nome, grupo(`${nome}NT`, cstTag));
  return grupo(
    nome,
    grupo(
      `${nome}Outr`,
      cstTag,
      tag('vBC', dinheiro(vBC)),
      tag(`p${nome}`, percentual(p)),
      tag(`v${nome}`, dinheiro(v)),
    ),
  );
}

function impostoXml(item: ItemCalculado, informarTotTrib: boolean): string {
  const ipi = item.ipi;
  const ipiXml = ipi
    ? grupo(
        'IPI',
        tag('cEnq', ipi.cEnq),
        ['00', '49', '50', '99'].includes(ipi.cst)
          ? grupo(
              'IPITrib',
              tag('CST', ipi.cst),
              tag('vBC', dinheiro(ipi.vBC)),
              tag('pIPI', percentual(ipi.pIPI)),
              tag('vIPI', dinheiro(ipi.vIPI)),
            )
          : grupo('IPINT', tag('CST', ipi.cst)),
      )
    : '';
  const d = item.icms.difal;
  const difal = d
    ? grupo(
        'ICMSUFDest',
        tag('vBCUFDest', dinheiro(d.vBCUFDest)),
        tag('vBCFCPUFDest', dinheiro(d.vBCFCPUFDest)),
        tag('pFCPUFDest', percentual(d.pFCPUFDest)),
        tag('pICMSUFDest', percentual(d.pICMSUFDest)),
        tag('pICMSInter', percentual(d.pICMSInter)),
        tag('pICMSInterPart', percentual(d.pICMSInterPart)),
        tag('vFCPUFDest', dinheiro(d.vFCPUFDest)),
        tag('vICMSUFDest', dinheiro(d.vICMSUFDest)),
        tag('vICMSUFRemet', dinheiro(d.vICMSUFRemet)),
      )
    : '';
  const ib = item.ibsCbs;
  const ibsCbs = ib
    ? grupo(
        'IBSCBS',
        tag('CST', ib.cst),
        tag('cClassTrib', ib.cClassTrib),
        grupo(
          'gIBSCBS',
          tag('vBC', dinheiro(ib.vBC)),
          grupo('gIBSUF', tag('pIBSUF', percentual(ib.pIBSUF)), tag('vIBSUF', dinheiro(ib.vIBSUF))),
          grupo('gIBSMun', tag('pIBSMun', percentual(ib.pIBSMun)), tag('vIBSMun', dinheiro(ib.vIBSMun))),
          tag('vIBS', dinheiro(ib.vIBS)),
          grupo('gCBS', tag('pCBS', percentual(ib.pCBS)), tag('vCBS', dinheiro(ib.vCBS))),
        ),
      )
    : '';
  return grupo(
    'imposto',
    informarTotTrib ? tag('vTotTrib', dinheiro(item.vTotTrib)) : '',
    grupo('ICMS', icmsXml(item)),
    ipiXml,
    pisCofinsXml('PIS', item.pis.cst, item.pis.vBC, item.pis.pPIS, item.pis.vPIS),
    pisCofinsXml('COFINS', item.cofins.cst, item.cofins.vBC, item.cofins.pCOFINS, item.cofins.vCOFINS),
    difal,
    ibsCbs,
  );
}

/** ICMSTot qBCMono…vICMSMonoRet: each pair only when its quantity is informed (NT 2023.001). */
function monofasicoTotXml(m: TotaisCalculados['monofasico']): string[] {
  if (!m) return [];
  const par = (q: string, v: string, quantidade: number, valor: number) =>
    quantidade > 0 ? tag(q, dinheiro(quantidade)) + tag(v, dinheiro(valor)) : '';
  return [
    par('qBCMono', 'vICMSMono', m.qBCMono, m.vICMSMono),
    par('qBCMonoReten', 'vICMSMonoReten', m.qBCMonoReten, m.vICMSMonoReten),
    par('qBCMonoRet', 'vICMSMonoRet', m.qBCMonoRet, m.vICMSMonoRet),
  ];
}

function totalXml(tributos: ResultadoTributos, informarTotTrib: boolean): string {
  const t = tributos.totais;
  const temDifal = tributos.itens.some((item) => item.icms.difal);
  const ib = t.ibsCbs;
  return grupo(
    'total',
    grupo(
      'ICMSTot',
      tag('vBC', dinheiro(t.vBC)),
      tag('vICMS', dinheiro(t.vICMS)),
      tag('vICMSDeson', dinheiro(t.vICMSDeson)),
      temDifal ? tag('vFCPUFDest', dinheiro(t.vFCPUFDest)) : '',
      temDifal ? tag('vICMSUFDest', dinheiro(t.vICMSUFDest)) : '',
      temDifal ? tag('vICMSUFRemet', dinheiro(t.vICMSUFRemet)) : '',
      tag('vFCP', dinheiro(t.vFCP)),
      tag('vBCST', dinheiro(t.vBCST)),
      tag('vST', dinheiro(t.vST)),
      tag('vFCPST', dinheiro(t.vFCPST)),
      tag('vFCPSTRet', dinheiro(t.vFCPSTRet)),
      ...monofasicoTotXml(t.monofasico),
      tag('vProd', dinheiro(t.vProd)),
      tag('vFrete', dinheiro(t.vFrete)),
      tag('vSeg', dinheiro(t.vSeg)),
      tag('vDesc', dinheiro(t.vDesc)),
      tag('vII', dinheiro(t.vII)),
      tag('vIPI', dinheiro(t.vIPI)),
      tag('vIPIDevol', dinheiro(t.vIPIDevol)),
      tag('vPIS', dinheiro(t.vPIS)),
      tag('vCOFINS', dinheiro(t.vCOFINS)),
      tag('vOutro', dinheiro(t.vOutro)),
      tag('vNF', dinheiro(t.vNF)),
      informarTotTrib ? tag('vTotTrib', dinheiro(t.vTotTrib)) : '',
    ),
    ib
      ? grupo(
          'IBSCBSTot',
          tag('vBCIBSCBS', dinheiro(ib.vBCIBSCBS)),
          grupo(
            'gIBS',
            grupo('gIBSUF', tag('vDif', '0.00'), tag('vDevTrib', '0.00'), tag('vIBSUF', dinheiro(ib.vIBSUF))),
            grupo(
              'gIBSMun',
              tag('vDif', '0.00'),
              tag('vDevTrib', '0.00'),
              tag('vIBSMun', dinheiro(ib.vIBSMun)),
            ),
            tag('vIBS', dinheiro(ib.vIBS)),
            tag('vCredPres', '0.00'),
            tag('vCredPresCondSus', '0.00'),
          ),
          grupo(
            'gCBS',
            tag('vDif', '0.00'),
            tag('vDevTrib', '0.00'),
            tag('vCBS', dinheiro(ib.vCBS)),
            tag('vCredPres', '0.00'),
            tag('vCredPresCondSus', '0.00'),
          ),
        )
      : '',
  );
}

/**
 * The unsigned `<NFe>` of an NF-e (mod 55) or NFC-e (mod 65), layout 4.00, every group in the order of
 * leiauteNFe_v4.00.xsd (PL_010), no whitespace between tags; and its chave de acesso (44 characters,
 * cDV by chaveAcesso.ts). The taxes come from calcularTributosNota. In homologação the destinatário's
 * name (and, on an NFC-e, the first item's description) are the texts SEFAZ demands there.
 */
export function montarXmlNfe(dados: DadosNotaXml): NotaXml {
  const { emitente, tributos, modelo } = dados;
  if (dados.itens.length !== tributos.itens.length)
    throw new ErroTributario(
      'ITENS_DIVERGENTES',
      'Os itens da nota não correspondem aos tributos calculados.',
    );
  if (modelo === 55 && (!dados.destinatario?.nome || !dados.destinatario.endereco))
    throw new ErroTributario(
      'NFE_SEM_DESTINATARIO',
      'A NF-e (modelo 55) exige o destinatário com nome e endereço. Informe o cliente da nota.',
    );
  const cnpj = semMascara(emitente.cnpj);
  const cUF = cUFDe(emitente.endereco.codigoMunicipio);
  const dhEmi = dataHoraXml(dados.dataEmissao, dados.fusoHorario);
  const anoMes = `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`;
  const tpEmis = dados.tipoEmissao ?? 1;
  const codigoNumerico = dados.codigoNumerico ?? gerarCodigoNumerico(dados.numero);
  const chave43 = `${cUF}${anoMes}${cnpj.padStart(14, '0')}${modelo}${String(dados.serie).padStart(3, '0')}${String(dados.numero).padStart(9, '0')}${tpEmis}${codigoNumerico}`;
  const cDV = digitoChaveAcesso(chave43);
  const chave = `${chave43}${cDV}`;
  const homologacao = dados.ambiente === 2;
  if (tpEmis !== 1 && !dados.contingencia)
    throw new ErroTributario(
      'CONTINGENCIA_SEM_JUSTIFICATIVA',
      'Uma nota em contingência precisa da data e hora de entrada em contingência e da justificativa.',
    );

  const ide = grupo(
    'ide',
    tag('cUF', cUF),
    tag('cNF', codigoNumerico),
    tag('natOp', dados.naturezaOperacao),
    tag('mod', String(modelo)),
    tag('serie', String(dados.serie)),
    tag('nNF', String(dados.numero)),
    tag('dhEmi', dhEmi),
    tag('tpNF', String(dados.tipoOperacao)),
    tag('idDest', String(tributos.idDest)),
    tag('cMunFG', String(emitente.endereco.codigoMunicipio)),
    tag('tpImp', modelo === 65 ? '4' : String(dados.tipoImpressao ?? 1)),
    tag('tpEmis', String(tpEmis)),
    tag('cDV', String(cDV)),
    tag('tpAmb', String(dados.ambiente)),
    tag('finNFe', String(dados.finalidade)),
    tag('indFinal', dados.consumidorFinal ? '1' : '0'),
    tag('indPres', String(dados.indicadorPresenca)),
    tag('procEmi', '0'),
    tag('verProc', dados.versaoAplicativo ?? 'ERP 1.0'),
    dados.contingencia ? tag('dhCont', dataHoraXml(dados.contingencia.inicio, dados.fusoHorario)) : '',
    dados.contingencia ? tag('xJust', dados.contingencia.justificativa) : '',
  );
  const emit = grupo(
    'emit',
    cnpj.length === 11 ? tag('CPF', cnpj) : tag('CNPJ', cnpj.padStart(14, '0')),
    tag('xNome', emitente.nome),
    tag('xFant', emitente.fantasia),
    endereco('enderEmit', emitente.endereco),
    tag('IE', semMascara(emitente.ie)),
    tag('CRT', String(emitente.crt)),
  );
  let dest = '';
  if (dados.destinatario) {
    const d = dados.destinatario;
    const documento = semMascara(d.documento);
    dest = grupo(
      'dest',
      documento.length === 11 ? tag('CPF', documento) : tag('CNPJ', documento),
      tag('xNome', homologacao ? NOME_HOMOLOGACAO : d.nome),
      d.endereco ? endereco('enderDest', d.endereco) : '',
      tag('indIEDest', String(d.indIEDest)),
      d.indIEDest === 1 ? tag('IE', semMascara(d.ie)) : '',
      tag('email', d.email),
    );
  }
  const informarTotTrib = tributos.totais.vTotTrib > 0;
  const det = dados.itens
    .map((item, index) => {
      const calculado = tributos.itens[index]!;
      const gtin = item.gtin && /^[0-9]{8,14}$/.test(item.gtin) ? item.gtin : 'SEM GTIN';
      const descricao = homologacao && modelo === 65 && index === 0 ? PRODUTO_HOMOLOGACAO : item.descricao;
      const prod = grupo(
        'prod',
        tag('cProd', item.codigo || String(calculado.numeroItem)),
        tag('cEAN', gtin),
        tag('xProd', descricao),
        tag('NCM', item.ncm.replace(/\D/g, '')),
        tag('CEST', item.cest ? item.cest.replace(/\D/g, '') : null),
        tag('CFOP', calculado.cfop),
        tag('uCom', item.unidade),
        tag('qCom', quantidadeXml(item.quantidade)),
        tag('vUnCom', valorUnitarioXml(item.valorUnitario)),
        tag('vProd', dinheiro(calculado.vProd)),
        tag('cEANTrib', gtin),
        tag('uTrib', item.unidade),
        tag('qTrib', quantidadeXml(item.quantidade)),
        tag('vUnTrib', valorUnitarioXml(item.valorUnitario)),
        calculado.vFrete > 0 ? tag('vFrete', dinheiro(calculado.vFrete)) : '',
        calculado.vSeg > 0 ? tag('vSeg', dinheiro(calculado.vSeg)) : '',
        calculado.vDesc > 0 ? tag('vDesc', dinheiro(calculado.vDesc)) : '',
        calculado.vOutro > 0 ? tag('vOutro', dinheiro(calculado.vOutro)) : '',
        tag('indTot', '1'),
      );
      return `<det nItem="${calculado.numeroItem}">${prod}${impostoXml(calculado, informarTotTrib)}</det>`;
    })
    .join('');
  const pag = grupo(
    'pag',
    ...dados.pagamentos.map((p) =>
      grupo(
        'detPag',
        p.indPag !== undefined ? tag('indPag', String(p.indPag)) : '',
        tag('tPag', p.tPag),
        tag('xPag', p.xPag),
        tag('vPag', dinheiro(p.vPag)),
        cartaoXml(p),
      ),
    ),
    dados.troco && dados.troco > 0 ? tag('vTroco', dinheiro(dados.troco)) : '',
  );
  const infAdic = dados.informacoesComplementares
    ? grupo('infAdic', tag('infCpl', dados.informacoesComplementares.slice(0, 5000)))
    : '';
  const infNFe = `<infNFe versao="4.00" Id="NFe${chave}">${ide}${emit}${dest}${det}${totalXml(tributos, informarTotTrib)}${grupo('transp', tag('modFrete', String(dados.modalidadeFrete)), transporta(dados.transportador))}${pag}${infAdic}</infNFe>`;
  return { xml: `<NFe xmlns="${NAMESPACE_NFE}">${infNFe}</NFe>`, chave, codigoNumerico };
}
