import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { isValidChaveAcesso } from '../../runtime/core/chaveAcesso.ts';
import { calcularTributosNota } from '../../runtime/core/fiscal/calcularTributosNota.ts';
import {
  montarXmlNfe,
  NOME_HOMOLOGACAO,
  PRODUTO_HOMOLOGACAO,
} from '../../runtime/core/fiscal/montarXmlNfe.ts';
import { assinarXmlNfe } from '../../runtime/server/fiscal/assinarXmlNfe.ts';
import { validarXmlNfe } from '../../runtime/server/fiscal/validarXmlNfe.ts';
import { readPkcs12Pem } from '../../runtime/server/services/certificados/readPkcs12.ts';
import { CENARIOS_NFE, dadosNota } from '../support/cenariosNfe.ts';
import { generateCertificado } from '../support/generateCertificado.ts';

const { privateKeyPem, certificatePem } = readPkcs12Pem(generateCertificado({ senha: 's' }), 's');

function assinaturaConfere(xml: string): boolean {
  const signature = /<Signature[\s\S]*<\/Signature>/.exec(xml)![0];
  const verifier = new SignedXml({ publicCert: certificatePem });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

describe('NF-e XML of each tax scenario: built, signed, valid against the pinned PL (PL_010c, CNPJ alfa)', () => {
  it.each(CENARIOS_NFE.map((c) => [c.nome, c] as const))('%s', async (_nome, cenario) => {
    const tributos = calcularTributosNota(cenario.tributos);
    const { xml, chave, codigoNumerico } = montarXmlNfe(dadosNota(cenario, tributos, 1));
    expect(isValidChaveAcesso(chave)).toBe(true);
    expect(codigoNumerico).not.toBe('00000001');
    const assinado = assinarXmlNfe({ xml, chave, privateKeyPem, certificatePem });
    const resultado = await validarXmlNfe(assinado);
    expect(resultado.erros).toEqual([]);
    expect(resultado.valido).toBe(true);
    expect(assinaturaConfere(assinado)).toBe(true);
    expect(assinado).toContain(`<xNome>${NOME_HOMOLOGACAO}</xNome>`);
    expect(assinado).toContain(`<vNF>${tributos.totais.vNF.toFixed(2)}</vNF>`);
  });
});

describe('XSD refusals in pt-BR', () => {
  const cenario = CENARIOS_NFE[4]!;
  const tributos = calcularTributosNota(cenario.tributos);
  const { xml, chave } = montarXmlNfe(dadosNota(cenario, tributos, 7));

  it('a malformed NCM and a missing field name the field path and the rule', async () => {
    const quebrado = xml
      .replace('<NCM>22030000</NCM>', '<NCM>2203</NCM>')
      .replace(/<xBairro>[^<]*<\/xBairro>/, '');
    const resultado = await validarXmlNfe(
      assinarXmlNfe({ xml: quebrado, chave, privateKeyPem, certificatePem }),
    );
    expect(resultado.valido).toBe(false);
    expect(resultado.erros.map((erro) => erro.mensagem)).toEqual([
      'Campo NFe/infNFe/emit/enderEmit/cMun: campo fora de ordem ou não permitido aqui; esperado um destes: xCpl, xBairro.',
      'Campo NFe/infNFe/det[1]/prod/NCM: o valor "2203" não está no formato exigido (padrão [0-9]{2}|[0-9]{8}).',
    ]);
  });

  it('an unsigned note misses its signature', async () => {
    const resultado = await validarXmlNfe(xml);
    expect(resultado.erros).toHaveLength(1);
    expect(resultado.erros[0]!.mensagem).toMatch(
      /^Campo NFe: falta um campo obrigatório; informe um destes: infNFeSupl, Signature\.$/,
    );
  });
});

describe('NFC-e (mod 65): infNFeSupl with the QR code between infNFe and Signature', () => {
  const entrada = {
    ...CENARIOS_NFE[4]!.tributos,
    modelo: 65 as const,
    destinatario: { uf: 'SP', indIEDest: 9 as const, consumidorFinal: true },
  };
  const tributos = calcularTributosNota(entrada);
  const dados = {
    ...dadosNota(CENARIOS_NFE[4]!, tributos, 15),
    modelo: 65 as const,
    consumidorFinal: true,
    destinatario: null,
    pagamentos: [{ tPag: '01', vPag: 150 }],
    troco: 150 - tributos.totais.vNF,
  };
  const { xml, chave } = montarXmlNfe(dados);
  const base = { xml, chave, privateKeyPem, certificatePem };
  const url = {
    urlQrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
    urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
    ambiente: 2 as const,
  };

  it('v2 online: chave|2|tpAmb|idCSC|SHA-1(… + CSC) in upper hex; valid and signed', async () => {
    const assinado = assinarXmlNfe({
      ...base,
      nfce: { ...url, versaoQrCode: 2, cscId: '000001', csc: 'ABCDEF0123456789ABCDEF0123456789' },
    });
    const qr = /<qrCode><!\[CDATA\[(.*)\]\]><\/qrCode>/.exec(assinado)![1]!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha1')
      .update(`${chave}|2|2|1ABCDEF0123456789ABCDEF0123456789`)
      .digest('hex')
      .toUpperCase();
    expect(qr).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chave}|2|2|1|${hash}`);
    expect(assinado.indexOf('</infNFe><infNFeSupl>')).toBeGreaterThan(0);
    expect(assinado.indexOf('</infNFeSupl><Signature')).toBeGreaterThan(0);
    expect(assinado).toContain(`<xProd>${PRODUTO_HOMOLOGACAO}</xProd>`);
    expect(assinado).toContain('<tpImp>4</tpImp>');
    expect((await validarXmlNfe(assinado)).erros).toEqual([]);
    expect(assinaturaConfere(assinado)).toBe(true);
  });

  it('card and PIX payments carry the card group (tpIntegra 2, the bandeira when known); cash does not', async () => {
    const vNF = tributos.totais.vNF;
    const pago = montarXmlNfe({
      ...dados,
      pagamentos: [
        { tPag: '03', vPag: 50, indPag: 0, cartao: { tpIntegra: 2, tBand: '01' } },
        { tPag: '04', vPag: 20 },
        { tPag: '17', vPag: 10 },
        { tPag: '01', vPag: vNF - 80 + 5 },
      ],
      troco: 5,
    });
    const detPag = [...pago.xml.matchAll(/<detPag>(.*?)<\/detPag>/g)].map((match) => match[1]);
    expect(detPag).toEqual([
      '<indPag>0</indPag><tPag>03</tPag><vPag>50.00</vPag><card><tpIntegra>2</tpIntegra><tBand>01</tBand></card>',
      '<tPag>04</tPag><vPag>20.00</vPag><card><tpIntegra>2</tpIntegra></card>',
      '<tPag>17</tPag><vPag>10.00</vPag><card><tpIntegra>2</tpIntegra></card>',
      `<tPag>01</tPag><vPag>${(vNF - 75).toFixed(2)}</vPag>`,
    ]);
    const assinado = assinarXmlNfe({
      ...base,
      xml: pago.xml,
      chave: pago.chave,
      nfce: { ...url, versaoQrCode: 3 },
    });
    expect((await validarXmlNfe(assinado)).erros).toEqual([]);
  });

  it('v3 online: chave|3|tpAmb without CSC; valid', async () => {
    const assinado = assinarXmlNfe({ ...base, nfce: { ...url, versaoQrCode: 3 } });
    expect(assinado).toContain(
      `<qrCode><![CDATA[https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chave}|3|2]]></qrCode>`,
    );
    expect((await validarXmlNfe(assinado)).erros).toEqual([]);
  });

  it('v2 offline (tpEmis 9 in the chave): day, vNF, hex of the DigestValue and the hash; valid', async () => {
    expect(() => montarXmlNfe({ ...dados, tipoEmissao: 9 })).toThrow(/contingência precisa da data e hora/);
    const offline = montarXmlNfe({
      ...dados,
      tipoEmissao: 9,
      contingencia: {
        inicio: new Date('2026-11-20T12:30:00Z'),
        justificativa: 'SEFAZ indisponível no momento da venda',
      },
    });
    expect(offline.xml).toContain(
      '<dhCont>2026-11-20T09:30:00-03:00</dhCont><xJust>SEFAZ indisponível no momento da venda</xJust>',
    );
    expect(offline.chave[34]).toBe('9');
    const assinado = assinarXmlNfe({
      ...base,
      xml: offline.xml,
      chave: offline.chave,
      nfce: {
        ...url,
        versaoQrCode: 2,
        cscId: '2',
        csc: 'ABCDEF0123456789ABCDEF0123456789',
        offline: { dia: 20, vNF: tributos.totais.vNF },
      },
    });
    const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(assinado)![1]!;
    expect(assinado).toContain(`?p=${offline.chave}|2|2|20|120.00|${Buffer.from(digest).toString('hex')}|2|`);
    expect((await validarXmlNfe(assinado)).erros).toEqual([]);
  });
});

describe('NFC-e QR code v3 offline (NT 2025.001): the A1 signs the QR fields', () => {
  const entrada = { ...CENARIOS_NFE[4]!.tributos, modelo: 65 as const };
  const tributos = calcularTributosNota(entrada);
  const dados = {
    ...dadosNota(CENARIOS_NFE[4]!, tributos, 16),
    modelo: 65 as const,
    consumidorFinal: true,
    pagamentos: [{ tPag: '01', vPag: tributos.totais.vNF }],
    tipoEmissao: 9,
    contingencia: {
      inicio: new Date('2026-11-20T12:30:00Z'),
      justificativa: 'SEFAZ indisponível no momento da venda',
    },
  };
  const url = {
    urlQrCode: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
    urlChave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
    ambiente: 2 as const,
  };

  it.each([
    ['a CPF destinatário', { documento: '52998224725', indIEDest: 9 as const }, '2|52998224725'],
    ['a CNPJ destinatário', { documento: '33000167000101', indIEDest: 9 as const }, '1|33000167000101'],
    ['no destinatário', null, '|'],
  ])(
    '%s: chave|3|2|dia|vNF|tpIdDest|idDest|RSA-SHA1 base64; XSD-valid, XML signature intact',
    async (_n, d, id) => {
      const destinatario = d ? { ...dadosNota(CENARIOS_NFE[4]!, tributos, 16).destinatario!, ...d } : null;
      const { xml, chave } = montarXmlNfe({ ...dados, destinatario });
      const destinatarioQr = d
        ? { tipo: d.documento.length === 11 ? (2 as const) : (1 as const), documento: d.documento }
        : null;
      const assinado = assinarXmlNfe({
        xml,
        chave,
        privateKeyPem,
        certificatePem,
        nfce: {
          ...url,
          versaoQrCode: 3,
          offline: { dia: 20, vNF: tributos.totais.vNF, destinatario: destinatarioQr },
        },
      });
      const qr = /<qrCode><!\[CDATA\[(.*)\]\]><\/qrCode>/.exec(assinado)![1]!;
      const campos = `${chave}|3|2|20|${tributos.totais.vNF.toFixed(2)}|${id}`;
      expect(qr.startsWith(`${url.urlQrCode}?p=${campos}|`)).toBe(true);
      const assinatura = qr.slice(qr.lastIndexOf('|') + 1);
      const { createVerify } = await import('node:crypto');
      expect(
        createVerify('RSA-SHA1').update(campos, 'utf8').verify(certificatePem, assinatura, 'base64'),
      ).toBe(true);
      expect((await validarXmlNfe(assinado)).erros).toEqual([]);
      expect(assinaturaConfere(assinado)).toBe(true);
    },
  );
});

describe('alphanumeric CNPJ (NT Conjunta 2025.001) kept as a string', () => {
  it('goes into emit, dest and transporta CNPJ and the chave (DV over ASCII − 48); the pinned PL accepts it', async () => {
    const cenario = CENARIOS_NFE[4]!;
    const tributos = calcularTributosNota(cenario.tributos);
    const dados = dadosNota(cenario, tributos, 3);
    const { xml, chave } = montarXmlNfe({
      ...dados,
      emitente: { ...dados.emitente, cnpj: '12.ABC.345/01DE-35' },
      destinatario: { ...dados.destinatario!, documento: '12.abc.345/01de-35' },
      modalidadeFrete: 1,
      transportador: {
        documento: '12.ABC.345/01DE-35',
        nome: 'Transportes Alfa Ltda',
        ie: 'ISENTO',
        endereco: 'Rua do Porto, 5',
        municipio: 'Santos',
        uf: 'SP',
      },
    });
    expect(chave.slice(6, 20)).toBe('12ABC34501DE35');
    expect(isValidChaveAcesso(chave)).toBe(true);
    expect(xml).toContain('<emit><CNPJ>12ABC34501DE35</CNPJ>');
    expect(xml).toContain('<dest><CNPJ>12ABC34501DE35</CNPJ>');
    expect(xml).toContain(
      '<transp><modFrete>1</modFrete><transporta><CNPJ>12ABC34501DE35</CNPJ><xNome>Transportes Alfa Ltda</xNome><IE>ISENTO</IE><xEnder>Rua do Porto, 5</xEnder><xMun>Santos</xMun><UF>SP</UF></transporta></transp>',
    );
    expect(xml).toContain(`Id="NFe${chave}"`);
    const assinado = assinarXmlNfe({ xml, chave, privateKeyPem, certificatePem });
    const resultado = await validarXmlNfe(assinado);
    expect(resultado.erros).toEqual([]);
    expect(resultado.valido).toBe(true);
    expect(resultado.pacote).toBe('PL_010c_V1.30_cnpjAlfa');
    expect(assinaturaConfere(assinado)).toBe(true);
  });

  it('a CNPJ with letters in its check digits is still refused by the schema, naming the field', async () => {
    const cenario = CENARIOS_NFE[4]!;
    const tributos = calcularTributosNota(cenario.tributos);
    const dados = dadosNota(cenario, tributos, 4);
    const { xml, chave } = montarXmlNfe(dados);
    const quebrado = xml.replace(/<dest><CNPJ>[0-9]{14}<\/CNPJ>/, '<dest><CNPJ>12ABC34501DEAB</CNPJ>');
    const resultado = await validarXmlNfe(
      assinarXmlNfe({ xml: quebrado, chave, privateKeyPem, certificatePem }),
    );
    expect(resultado.erros.map((erro) => erro.campo)).toEqual(['NFe/infNFe/dest/CNPJ']);
    expect(resultado.erros[0]!.mensagem).toContain('[0-9A-Z]{12}[0-9]{2}');
  });
});
