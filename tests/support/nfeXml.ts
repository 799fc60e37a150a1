import { digitoChaveAcesso } from '../../runtime/core/chaveAcesso.ts';

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
  const dets = nota.itens.map((item, index) => {
    const total = Math.round(item.quantidade * item.valorUnitario * 100) / 100;
    const ipi = Math.round(total * (item.ipi ?? 0)) / 100;
    vProd += total;
    vIpi += ipi;
    const icms = item.csosn
      ? `<ICMSSN102><orig>0</orig><CSOSN>${item.csosn}</CSOSN></ICMSSN102>`
      : `<ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>${v2(total)}</vBC><pICMS>18.00</pICMS><vICMS>${v2(total * 0.18)}</vICMS></ICMS00>`;
    if (!item.csosn) {
      vBc += total;
      vIcms += Math.round(total * 18) / 100;
    }
    return `<det nItem="${index + 1}"><prod><cProd>${item.codigo}</cProd><cEAN>${item.ean ?? 'SEM GTIN'}</cEAN><xProd>${item.descricao}</xProd><NCM>${item.ncm}</NCM><CFOP>${item.cfop}</CFOP><uCom>${item.unidade}</uCom><qCom>${item.quantidade.toFixed(4)}</qCom><vUnCom>${item.valorUnitario.toFixed(10)}</vUnCom><vProd>${v2(total)}</vProd><cEANTrib>${item.ean ?? 'SEM GTIN'}</cEANTrib><uTrib>${item.unidade}</uTrib><qTrib>${item.quantidade.toFixed(4)}</qTrib><vUnTrib>${item.valorUnitario.toFixed(10)}</vUnTrib><indTot>1</indTot></prod><imposto><vTotTrib>0.00</vTotTrib><ICMS>${icms}</ICMS><IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>${v2(total)}</vBC><pIPI>${v2(item.ipi ?? 0)}</pIPI><vIPI>${v2(ipi)}</vIPI></IPITrib></IPI><PIS><PISAliq><CST>01</CST><vBC>${v2(total)}</vBC><pPIS>1.65</pPIS><vPIS>${v2(total * 0.0165)}</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>${v2(total)}</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>${v2(total * 0.076)}</vCOFINS></COFINSAliq></COFINS></imposto></det>`;
  });
  const vNf = vProd + vIpi;
  const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe${chave}"><ide><cUF>35</cUF><cNF>${nota.codigoNumerico ?? '12345678'}</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>${nota.serie}</serie><nNF>${nota.numero}</nNF><dhEmi>${nota.dataEmissao}T10:15:00-03:00</dhEmi><dhSaiEnt>${nota.dataEmissao}T10:15:00-03:00</dhSaiEnt><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave[43]}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>9</indPres><procEmi>0</procEmi><verProc>ERP Fornecedor 2.1</verProc></ide><emit><CNPJ>${nota.emitente.cnpj}</CNPJ><xNome>${nota.emitente.nome}</xNome>${nota.emitente.fantasia ? `<xFant>${nota.emitente.fantasia}</xFant>` : ''}<enderEmit><xLgr>Rua das Indústrias</xLgr><nro>1500</nro><xBairro>Distrito Industrial</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP><cPais>1058</cPais><xPais>BRASIL</xPais><fone>1133334444</fone></enderEmit><IE>${nota.emitente.ie ?? '110042490114'}</IE><CRT>3</CRT></emit><dest><CNPJ>${nota.destinatarioCnpj}</CNPJ><xNome>Empresa Destinatária Ltda</xNome><enderDest><xLgr>Av. Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP></enderDest><indIEDest>9</indIEDest></dest>${dets.join('')}<total><ICMSTot><vBC>${v2(vBc)}</vBC><vICMS>${v2(vIcms)}</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${v2(vProd)}</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>${v2(vIpi)}</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${v2(vNf)}</vNF></ICMSTot></total><transp><modFrete>9</modFrete></transp><pag><detPag><tPag>15</tPag><vPag>${v2(vNf)}</vPag></detPag></pag><infAdic><infCpl>Pedido 4512 &amp; entrega programada</infCpl></infAdic></infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#NFe${chave}"><DigestValue>q1HsYi0d7wM0Tn2k1xJ2a4n5m6o=</DigestValue></Reference></SignedInfo><SignatureValue>dGVzdGU=</SignatureValue></Signature></NFe>`;
  const xml =
    nota.protocolo === false
      ? `<?xml version="1.0" encoding="UTF-8"?>${nfe}`
      : `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>${nota.dataEmissao}T10:15:30-03:00</dhRecbto><nProt>135250000012345</nProt><digVal>q1HsYi0d7wM0Tn2k1xJ2a4n5m6o=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
  return { chave, xml };
}
