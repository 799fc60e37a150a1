import { calcularTributosNota } from '../../runtime/core/fiscal/calcularTributosNota.ts';
import { type DadosNotaXml, montarXmlNfe, NAMESPACE_NFE } from '../../runtime/core/fiscal/montarXmlNfe.ts';
import type { ItemTributavel } from '../../runtime/core/fiscal/tributacaoTipos.ts';
import { assinarXmlNfe } from '../../runtime/server/fiscal/assinarXmlNfe.ts';
import { readPkcs12Pem } from '../../runtime/server/services/certificados/readPkcs12.ts';
import { emitenteTeste } from './cenariosNfe.ts';
import { generateCertificado } from './generateCertificado.ts';

let certificado: ReturnType<typeof readPkcs12Pem> | undefined;
const pem = () => {
  certificado ??= readPkcs12Pem(generateCertificado({ senha: 's' }), 's');
  return certificado;
};

export interface NotaDanfeTeste {
  xml: string;
  chave: string;
  vNF: number;
  protocolo: string | null;
}

/**
 * A signed NF-e (or NFC-e) of `itens` items for the DANFE tests — regime normal, SP → RJ contribuinte "Cliente de
 * Teste" (NFC-e: a consumer with CPF in SP), a fatura with 3 duplicatas — wrapped in an nfeProc with an
 * authorisation protocol when `autorizada`.
 */
export function notaDanfeTeste(
  opcoes: {
    itens?: number;
    modelo?: 55 | 65;
    ambiente?: 1 | 2;
    autorizada?: boolean;
    numero?: number;
    /** tpImp 2: landscape DANFE. */
    tipoImpressao?: 1 | 2;
    /** The emitente's CNPJ (an alphanumeric one too) and phone, instead of emitenteTeste's. */
    cnpjEmitente?: string;
    telefoneEmitente?: string;
    /** transp/transporta (modFrete 1 then). */
    transportador?: DadosNotaXml['transportador'];
    /** cNF of the chave (8 digits) instead of a random one. */
    codigoNumerico?: string;
  } = {},
): NotaDanfeTeste {
  const { itens: quantos = 3, modelo = 55, ambiente = 1, autorizada = true, numero = 1301 } = opcoes;
  const emitentePadrao = emitenteTeste(3);
  const emitente = {
    ...emitentePadrao,
    ...(opcoes.cnpjEmitente ? { cnpj: opcoes.cnpjEmitente } : {}),
    endereco: {
      ...emitentePadrao.endereco,
      telefone: opcoes.telefoneEmitente ?? emitentePadrao.endereco.telefone,
    },
  };
  const nfce = modelo === 65;
  const tributaveis: ItemTributavel[] = Array.from({ length: quantos }, (_, index) => ({
    numeroItem: index + 1,
    produto: { ncm: '22030000', origem: 0 },
    cfop: '5102',
    quantidade: index + 1,
    valorUnitario: 10 + index / 2,
    icms: { cst: '00', aliquota: nfce ? 18 : 12 },
    federal: { cstPis: '01', aliquotaPis: 1.65, cstCofins: '01', aliquotaCofins: 7.6 },
  }));
  const tributos = calcularTributosNota({
    emitente: { crt: 3, uf: 'SP' },
    destinatario: nfce
      ? { uf: 'SP', indIEDest: 9, consumidorFinal: true }
      : { uf: 'RJ', indIEDest: 1, consumidorFinal: false },
    natureza: { tipoOperacao: 1 },
    modelo,
    itens: tributaveis,
  });
  const vNF = tributos.totais.vNF;
  const dados: DadosNotaXml = {
    modelo,
    ...(opcoes.codigoNumerico ? { codigoNumerico: opcoes.codigoNumerico } : {}),
    serie: 1,
    numero,
    dataEmissao: new Date('2026-11-20T13:00:00Z'),
    ambiente,
    naturezaOperacao: 'Venda de mercadoria',
    tipoOperacao: 1,
    finalidade: 1,
    consumidorFinal: nfce,
    indicadorPresenca: 1,
    emitente,
    ...(opcoes.tipoImpressao ? { tipoImpressao: opcoes.tipoImpressao } : {}),
    destinatario: nfce
      ? { documento: '52998224725', nome: 'Consumidora de Teste', indIEDest: 9 }
      : {
          documento: '33000167000101',
          nome: 'Cliente de Teste',
          indIEDest: 1,
          ie: '78654309',
          email: 'cliente@example.com',
          endereco: {
            logradouro: 'Rua da Assembleia',
            numero: '10',
            bairro: 'Centro',
            codigoMunicipio: 3304557,
            municipio: 'Rio de Janeiro',
            uf: 'RJ',
            cep: '20040002',
          },
        },
    itens: tributaveis.map((item) => ({
      codigo: `P${item.numeroItem}`,
      descricao: `Produto de teste ${item.numeroItem}`,
      ncm: '22030000',
      unidade: 'UN',
      quantidade: item.quantidade,
      valorUnitario: item.valorUnitario,
    })),
    tributos,
    modalidadeFrete: opcoes.transportador ? 1 : 9,
    transportador: opcoes.transportador ?? null,
    // NFC-e paid in cash with R$ 10,00 of change.
    pagamentos: nfce ? [{ tPag: '01', vPag: vNF + 10 }] : [{ indPag: 1, tPag: '15', vPag: vNF }],
    troco: nfce ? 10 : 0,
    informacoesComplementares: 'Pedido 12 do cliente.',
  };
  const { xml, chave } = montarXmlNfe(dados);
  const terco = Math.round((vNF / 3) * 100) / 100;
  const cobr = nfce
    ? ''
    : `<cobr><fat><nFat>${numero}</nFat><vOrig>${vNF.toFixed(2)}</vOrig><vDesc>0.00</vDesc><vLiq>${vNF.toFixed(2)}</vLiq></fat>${[
        1, 2, 3,
      ]
        .map(
          (n) =>
            `<dup><nDup>00${n}</nDup><dVenc>2026-12-${String(10 * n).padStart(2, '0')}</dVenc><vDup>${(n === 3 ? vNF - 2 * terco : terco).toFixed(2)}</vDup></dup>`,
        )
        .join('')}</cobr>`;
  const { privateKeyPem, certificatePem } = pem();
  const assinado = assinarXmlNfe({
    xml: xml.replace('<pag>', `${cobr}<pag>`),
    chave,
    privateKeyPem,
    certificatePem,
    nfce: nfce
      ? {
          urlQrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
          urlChave: 'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
          versaoQrCode: 3,
          ambiente,
        }
      : null,
  });
  if (!autorizada) return { xml: assinado, chave, vNF, protocolo: null };
  const protocolo = `1352600000${String(numero).padStart(5, '0')}`;
  const nfe = assinado.replace(/^<\?xml[^>]*>/, '');
  const proc = `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NAMESPACE_NFE}" versao="4.00">${nfe}<protNFe versao="4.00"><infProt><tpAmb>${ambiente}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>${protocolo}</nProt><digVal>${/<DigestValue>([^<]+)</.exec(assinado)?.[1] ?? ''}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
  return { xml: proc, chave, vNF, protocolo };
}
