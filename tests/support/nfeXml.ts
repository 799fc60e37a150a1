import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { digitoChaveAcesso } from '../../runtime/core/chaveAcesso.ts';

/** The test emitente's key and self-signed certificate (made once per test file). */
let chaves: { privateKey: string; publicCert: string } | undefined;
function chavesEmitente() {
  if (chaves) return chaves;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const nome = [{ name: 'commonName', value: 'FORNECEDOR TESTE LTDA:11222333000181' }];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(key, forge.md.sha256.create());
  chaves = { privateKey: privatePem, publicCert: forge.pki.certificateToPem(cert) };
  return chaves;
}

/**
 * Signs infNFe as an emitente does (fiscal.md: enveloped, C14N 2001, RSA-SHA1, SHA-1 digest, Reference
 * #NFe<chave>, the certificate in KeyInfo/X509Data), the Signature placed after infNFe.
 */
export function assinarNfe(nfe: string): string {
  const { privateKey, publicCert } = chavesEmitente();
  const c14n = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
  const signed = new SignedXml({
    privateKey,
    publicCert,
    canonicalizationAlgorithm: c14n,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  signed.addReference({
    xpath: "//*[local-name(.)='infNFe']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', c14n],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  signed.computeSignature(nfe, {
    location: { reference: "//*[local-name(.)='infNFe']", action: 'after' },
  });
  return signed.getSignedXml();
}

/** An item of a test NF-e. */
export interface ItemXmlTeste {
  codigo: string;
  ean?: string;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  /** Regime normal: CST 00 at 18%; with `csosn`, Simples Nacional. */
  csosn?: string;
  ipi?: number;
  /** Item shares of freight, insurance and other expenses (prod/vFrete, vSeg, vOutro). */
  frete?: number;
  seguro?: number;
  outras?: number;
  /** prod/xPed and nItemPed: the buyer's purchase order number and item. */
  pedido?: { xPed: string; nItemPed: number };
}

export interface NotaXmlTeste {
  emitente: { cnpj: string; nome: string; fantasia?: string; ie?: string };
  destinatarioCnpj: string;
  numero: number;
  serie: number;
  /** yyyy-mm-dd */
  dataEmissao: string;
  codigoNumerico?: string;
  itens: ItemXmlTeste[];
  /** false: the bare signed NFe, without nfeProc/protNFe. */
  protocolo?: boolean;
  /** ide/tpNF (default 1, saída). */
  tpNF?: number;
  /** The NF-e namespace declared on NFe and nfeProc (default the official one). */
  namespace?: string;
  /** protNFe cStat and xMotivo (default 100 Autorizado o uso da NF-e). */
  cStat?: [string, string];
  /** cobr/dup: one conta a pagar each (cobr/fat with vLiq = their sum). */
  duplicatas?: { numero: string; vencimento: string; valor: number }[];
  /** total/IBSCBSTot values (informational). */
  ibsCbs?: { vIBS: number; vCBS: number };
  /** Added to vNF after the totals are computed (a tampered note). */
  ajusteVNF?: number;
  /** false: no emitente signature at all (default: signed with the test certificate). */
  assinatura?: boolean;
  /** A text replaced in the NFe after it was signed (a note tampered with on the way). */
  alterarDepoisDeAssinar?: { de: string; para: string };
  /** A cancellation event (110111) registered by SEFAZ, carried inside the nfeProc. */
  cancelamento?: { protocolo: string; data: string };
}

const v2 = (value: number) => value.toFixed(2);

/** The 44-digit access key (with its check digit) of a test note issued in SP. */
export function chaveDe(nota: NotaXmlTeste): string {
  const aamm = nota.dataEmissao.slice(2, 4) + nota.dataEmissao.slice(5, 7);
  const base = `35${aamm}${nota.emitente.cnpj}55${String(nota.serie).padStart(3, '0')}${String(nota.numero).padStart(9, '0')}1${nota.codigoNumerico ?? '12345678'}`;
  return base + digitoChaveAcesso(base);
}

/** A realistic NF-e 4.00 as the supplier emails it (nfeProc: signed NFe and SEFAZ-SP's protocol). */
export function nfeXml(nota: NotaXmlTeste): { chave: string; xml: string } {
  const chave = chaveDe(nota);
  let vProd = 0;
  let vIcms = 0;
  let vBc = 0;
  let vIpi = 0;
  let vFrete = 0;
  let vSeg = 0;
  let vOutro = 0;
  const dets = nota.itens.map((item, index) => {
    const total = Math.round(item.quantidade * item.valorUnitario * 100) / 100;
    const ipi = Math.round(total * (item.ipi ?? 0)) / 100;
    vProd += total;
    vIpi += ipi;
    vFrete += item.frete ?? 0;
    vSeg += item.seguro ?? 0;
    vOutro += item.outras ?? 0;
    const despesas = `${item.frete ? `<vFrete>${v2(item.frete)}</vFrete>` : ''}${item.seguro ? `<vSeg>${v2(item.seguro)}</vSeg>` : ''}${item.outras ? `<vOutro>${v2(item.outras)}</vOutro>` : ''}`;
    const icms = item.csosn
      ? `<ICMSSN102><orig>0</orig><CSOSN>${item.csosn}</CSOSN></ICMSSN102>`
      : `<ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>${v2(total)}</vBC><pICMS>18.00</pICMS><vICMS>${v2(total * 0.18)}</vICMS></ICMS00>`;
    if (!item.csosn) {
      vBc += total;
      vIcms += Math.round(total * 18) / 100;
    }
    return `<det nItem="${index + 1}"><prod><cProd>${item.codigo}</cProd><cEAN>${item.ean ?? 'SEM GTIN'}</cEAN><xProd>${item.descricao}</xProd><NCM>${item.ncm}</NCM><CFOP>${item.cfop}</CFOP><uCom>${item.unidade}</uCom><qCom>${item.quantidade.toFixed(4)}</qCom><vUnCom>${item.valorUnitario.toFixed(10)}</vUnCom><vProd>${v2(total)}</vProd><cEANTrib>${item.ean ?? 'SEM GTIN'}</cEANTrib><uTrib>${item.unidade}</uTrib><qTrib>${item.quantidade.toFixed(4)}</qTrib><vUnTrib>${item.valorUnitario.toFixed(10)}</vUnTrib>${despesas}<indTot>1</indTot>${item.pedido ? `<xPed>${item.pedido.xPed}</xPed><nItemPed>${item.pedido.nItemPed}</nItemPed>` : ''}</prod><imposto><vTotTrib>0.00</vTotTrib><ICMS>${icms}</ICMS><IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>${v2(total)}</vBC><pIPI>${v2(item.ipi ?? 0)}</pIPI><vIPI>${v2(ipi)}</vIPI></IPITrib></IPI><PIS><PISAliq><CST>01</CST><vBC>${v2(total)}</vBC><pPIS>1.65</pPIS><vPIS>${v2(total * 0.0165)}</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>${v2(total)}</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>${v2(total * 0.076)}</vCOFINS></COFINSAliq></COFINS></imposto></det>`;
  });
  const vNf = vProd + vIpi + vFrete + vSeg + vOutro + (nota.ajusteVNF ?? 0);
  const ns = nota.namespace ?? 'http://www.portalfiscal.inf.br/nfe';
  const [cStat, xMotivo] = nota.cStat ?? ['100', 'Autorizado o uso da NF-e'];
  const cobr = nota.duplicatas?.length
    ? `<cobr><fat><nFat>${nota.numero}</nFat><vOrig>${v2(nota.duplicatas.reduce((t, d) => t + d.valor, 0))}</vOrig><vDesc>0.00</vDesc><vLiq>${v2(nota.duplicatas.reduce((t, d) => t + d.valor, 0))}</vLiq></fat>${nota.duplicatas.map((d) => `<dup><nDup>${d.numero}</nDup><dVenc>${d.vencimento}</dVenc><vDup>${v2(d.valor)}</vDup></dup>`).join('')}</cobr>`
    : '';
  const ibsCbs = nota.ibsCbs
    ? `<IBSCBSTot><vBCIBSCBS>${v2(vProd)}</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>${v2(nota.ibsCbs.vIBS)}</vIBSUF></gIBSUF><gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>${v2(nota.ibsCbs.vIBS)}</vIBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gIBS><gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>${v2(nota.ibsCbs.vCBS)}</vCBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot>`
    : '';
  const naoAssinada = `<NFe xmlns="${ns}"><infNFe versao="4.00" Id="NFe${chave}"><ide><cUF>35</cUF><cNF>${nota.codigoNumerico ?? '12345678'}</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>${nota.serie}</serie><nNF>${nota.numero}</nNF><dhEmi>${nota.dataEmissao}T10:15:00-03:00</dhEmi><dhSaiEnt>${nota.dataEmissao}T10:15:00-03:00</dhSaiEnt><tpNF>${nota.tpNF ?? 1}</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave[43]}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>9</indPres><procEmi>0</procEmi><verProc>ERP Fornecedor 2.1</verProc></ide><emit><CNPJ>${nota.emitente.cnpj}</CNPJ><xNome>${nota.emitente.nome}</xNome>${nota.emitente.fantasia ? `<xFant>${nota.emitente.fantasia}</xFant>` : ''}<enderEmit><xLgr>Rua das Indústrias</xLgr><nro>1500</nro><xBairro>Distrito Industrial</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP><cPais>1058</cPais><xPais>BRASIL</xPais><fone>1133334444</fone></enderEmit><IE>${nota.emitente.ie ?? '110042490114'}</IE><CRT>3</CRT></emit><dest><CNPJ>${nota.destinatarioCnpj}</CNPJ><xNome>Empresa Destinatária Ltda</xNome><enderDest><xLgr>Av. Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP></enderDest><indIEDest>9</indIEDest></dest>${dets.join('')}<total><ICMSTot><vBC>${v2(vBc)}</vBC><vICMS>${v2(vIcms)}</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${v2(vProd)}</vProd><vFrete>${v2(vFrete)}</vFrete><vSeg>${v2(vSeg)}</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>${v2(vIpi)}</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>${v2(vOutro)}</vOutro><vNF>${v2(vNf)}</vNF></ICMSTot>${ibsCbs}</total><transp><modFrete>9</modFrete></transp>${cobr}<pag><detPag><tPag>15</tPag><vPag>${v2(vNf)}</vPag></detPag></pag><infAdic><infCpl>Pedido 4512 &amp; entrega programada</infCpl></infAdic></infNFe></NFe>`;
  let nfe = nota.assinatura === false ? naoAssinada : assinarNfe(naoAssinada);
  if (nota.alterarDepoisDeAssinar)
    nfe = nfe.replace(nota.alterarDepoisDeAssinar.de, nota.alterarDepoisDeAssinar.para);
  const xml =
    nota.protocolo === false
      ? `<?xml version="1.0" encoding="UTF-8"?>${nfe}`
      : `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${ns}" versao="4.00">${nfe}<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>${nota.dataEmissao}T10:15:30-03:00</dhRecbto><nProt>135250000012345</nProt><digVal>q1HsYi0d7wM0Tn2k1xJ2a4n5m6o=</digVal><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>${nota.cancelamento ? procEvento(chave, nota.cancelamento.protocolo, nota.cancelamento.data) : ''}</nfeProc>`;
  return { chave, xml };
}

/** The procEventoNFe of a cancellation (110111) registered by SEFAZ (cStat 135). */
function procEvento(chave: string, protocolo: string, data: string): string {
  return `<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00"><infEvento Id="ID110111${chave}01"><cOrgao>35</cOrgao><tpAmb>1</tpAmb><CNPJ>${chave.slice(6, 20)}</CNPJ><chNFe>${chave}</chNFe><dhEvento>${data}T09:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135250000012345</nProt><xJust>Nota emitida com erro de quantidade</xJust></detEvento></infEvento></evento><retEvento versao="1.00"><infEvento><tpAmb>1</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>${data}T09:00:05-03:00</dhRegEvento><nProt>${protocolo}</nProt></infEvento></retEvento></procEventoNFe>`;
}

/** A separate cancellation event file, as the supplier sends it after cancelling the NF-e. */
export function eventoCancelamentoXml(chave: string, protocolo: string, data: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${procEvento(chave, protocolo, data)}`;
}
