import { XMLParser } from 'fast-xml-parser';
import { HttpError } from '../../errors.ts';
import type { DanfeModelo, EnderecoDanfe, ItemDanfe, ParticipanteDanfe, TotaisDanfe } from './danfeModelo.ts';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  isArray: (name) => ['det', 'dup', 'detPag', 'vol'].includes(name),
});

const node = (value: unknown): Node =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const lista = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(node) : value ? [node(value)] : [];
const texto = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const inner = node(value)['#text'];
  return typeof inner === 'string' ? inner.trim() : '';
};
const numero = (value: unknown): number => {
  const parsed = Number(texto(value) || 0);
  return Number.isFinite(parsed) ? parsed : 0;
};
/** The only child of a choice group (ICMS00, ICMSSN102, IPITrib…). */
const escolha = (value: unknown): Node =>
  node(Object.values(node(value)).find((child) => child && typeof child === 'object'));

/** tPag descriptions (MOC 4.00, YA02). */
const FORMAS_PAGAMENTO: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'PIX',
  '18': 'Transferência bancária',
  '19': 'Programa de fidelidade',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

function endereco(value: unknown): EnderecoDanfe | null {
  const e = node(value);
  if (Object.keys(e).length === 0) return null;
  return {
    logradouro: texto(e.xLgr),
    numero: texto(e.nro),
    complemento: texto(e.xCpl),
    bairro: texto(e.xBairro),
    municipio: texto(e.xMun),
    uf: texto(e.UF),
    cep: texto(e.CEP),
    telefone: texto(e.fone),
  };
}

function participante(value: unknown, nomeEndereco: string): ParticipanteDanfe | null {
  const p = node(value);
  if (Object.keys(p).length === 0) return null;
  return {
    nome: texto(p.xNome),
    fantasia: texto(p.xFant),
    documento: texto(p.CNPJ) || texto(p.CPF) || texto(p.idEstrangeiro),
    ie: texto(p.IE),
    iest: texto(p.IEST),
    email: texto(p.email),
    endereco: endereco(p[nomeEndereco]),
  };
}

function item(det: Node): ItemDanfe {
  const prod = node(det.prod);
  const imposto = node(det.imposto);
  const icms = escolha(imposto.ICMS);
  const ipi = node(imposto.IPI);
  const ipiTrib = node(ipi.IPITrib);
  const codigoIcms = texto(icms.CST) || texto(icms.CSOSN);
  return {
    numero: numero(det['@_nItem']),
    codigo: texto(prod.cProd),
    descricao: texto(prod.xProd),
    ncm: texto(prod.NCM),
    cst: `${texto(icms.orig)}${codigoIcms}`,
    cfop: texto(prod.CFOP),
    unidade: texto(prod.uCom),
    quantidade: numero(prod.qCom),
    valorUnitario: numero(prod.vUnCom),
    valorTotal: numero(prod.vProd),
    valorDesconto: numero(prod.vDesc),
    baseIcms: numero(icms.vBC),
    valorIcms: numero(icms.vICMS),
    aliquotaIcms: numero(icms.pICMS),
    valorIpi: numero(ipiTrib.vIPI),
    aliquotaIpi: numero(ipiTrib.pIPI),
    informacoesAdicionais: texto(det.infAdProd),
  };
}

function totais(value: unknown): TotaisDanfe {
  const t = node(value);
  const v = (name: string) => numero(t[name]);
  return {
    vBC: v('vBC'),
    vICMS: v('vICMS'),
    vBCST: v('vBCST'),
    vST: v('vST'),
    vII: v('vII'),
    vICMSUFRemet: v('vICMSUFRemet'),
    vFCPUFDest: v('vFCPUFDest'),
    vICMSUFDest: v('vICMSUFDest'),
    vFCP: v('vFCP'),
    vFCPST: v('vFCPST'),
    vProd: v('vProd'),
    vFrete: v('vFrete'),
    vSeg: v('vSeg'),
    vDesc: v('vDesc'),
    vOutro: v('vOutro'),
    vIPI: v('vIPI'),
    vPIS: v('vPIS'),
    vCOFINS: v('vCOFINS'),
    vTotTrib: v('vTotTrib'),
    vNF: v('vNF'),
  };
}

/**
 * Reads an NF-e or NFC-e XML — the signed `<NFe>` (a preview: no protocol) or the authorised `<nfeProc>` with
 * its protNFe — into what the DANFE prints. Layout 4.00; namespaces are dropped. 422 when it is not an NF-e.
 */
export function lerNotaParaDanfe(xml: string): DanfeModelo {
  if (/<!DOCTYPE/i.test(xml))
    throw new HttpError(422, 'XML_NFE_INVALIDO', 'O XML da nota não pode declarar DOCTYPE.');
  let raiz: Node;
  try {
    raiz = node(parser.parse(xml));
  } catch {
    throw new HttpError(422, 'XML_NFE_INVALIDO', 'O XML guardado da nota não é um XML válido.');
  }
  const proc = node(raiz.nfeProc);
  const nfe = node(proc.NFe ?? raiz.NFe);
  const inf = node(nfe.infNFe);
  const ide = node(inf.ide);
  const id = texto(inf['@_Id']);
  if (!/^NFe[0-9A-Z]{44}$/.test(id))
    throw new HttpError(422, 'XML_NFE_INVALIDO', 'O XML guardado da nota não tem uma NF-e (infNFe/Id).');
  const infProt = node(node(proc.protNFe).infProt);
  const cStat = texto(infProt.cStat);
  const transp = node(inf.transp);
  const veiculo = node(transp.veicTransp);
  const cobr = node(inf.cobr);
  const fat = node(cobr.fat);
  const pag = node(inf.pag);
  const infAdic = node(inf.infAdic);
  const supl = node(nfe.infNFeSupl);
  const tipoEmissao = numero(ide.tpEmis) || 1;
  return {
    modelo: texto(ide.mod) === '65' ? 65 : 55,
    chave: id.slice(3),
    numero: numero(ide.nNF),
    serie: numero(ide.serie),
    dataEmissao: texto(ide.dhEmi),
    dataSaidaEntrada: texto(ide.dhSaiEnt),
    tipoOperacao: texto(ide.tpNF) === '0' ? 0 : 1,
    naturezaOperacao: texto(ide.natOp),
    ambiente: texto(ide.tpAmb) === '1' ? 1 : 2,
    tipoImpressao: numero(ide.tpImp) || 1,
    tipoEmissao,
    contingencia: tipoEmissao !== 1 ? { dataHora: texto(ide.dhCont), justificativa: texto(ide.xJust) } : null,
    emitente: participante(inf.emit, 'enderEmit') ?? participante({ xNome: '' }, 'enderEmit')!,
    destinatario: participante(inf.dest, 'enderDest'),
    // 100 autorizado, 150 autorizado fora de prazo: only these make the DANFE valid.
    protocolo:
      cStat === '100' || cStat === '150'
        ? {
            numero: texto(infProt.nProt),
            dataHora: texto(infProt.dhRecbto),
            cStat,
            motivo: texto(infProt.xMotivo),
          }
        : null,
    fatura: Object.keys(fat).length
      ? {
          numero: texto(fat.nFat),
          valorOriginal: numero(fat.vOrig),
          valorDesconto: numero(fat.vDesc),
          valorLiquido: numero(fat.vLiq),
        }
      : null,
    duplicatas: lista(cobr.dup).map((dup) => ({
      numero: texto(dup.nDup),
      vencimento: texto(dup.dVenc),
      valor: numero(dup.vDup),
    })),
    totais: totais(node(inf.total).ICMSTot),
    transporte: {
      modalidadeFrete: numero(transp.modFrete),
      transportador: participante(
        transp.transporta
          ? {
              ...node(transp.transporta),
              enderTransp: {
                xLgr: node(transp.transporta).xEnder,
                xMun: node(transp.transporta).xMun,
                UF: node(transp.transporta).UF,
              },
            }
          : null,
        'enderTransp',
      ),
      placa: texto(veiculo.placa),
      ufVeiculo: texto(veiculo.UF),
      rntc: texto(veiculo.RNTC),
      volumes: lista(transp.vol).map((vol) => ({
        quantidade: texto(vol.qVol),
        especie: texto(vol.esp),
        marca: texto(vol.marca),
        numeracao: texto(vol.nVol),
        pesoLiquido: numero(vol.pesoL),
        pesoBruto: numero(vol.pesoB),
      })),
    },
    itens: lista(inf.det).map(item),
    pagamentos: lista(pag.detPag).map((detPag) => {
      const tPag = texto(detPag.tPag);
      return {
        tPag,
        descricao: texto(detPag.xPag) || FORMAS_PAGAMENTO[tPag] || 'Outros',
        valor: numero(detPag.vPag),
      };
    }),
    troco: numero(pag.vTroco),
    informacoesComplementares: texto(infAdic.infCpl),
    informacoesFisco: texto(infAdic.infAdFisco),
    qrCode: texto(supl.qrCode),
    urlChave: texto(supl.urlChave),
  };
}
