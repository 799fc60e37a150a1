import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.ts';
import { validarXmlSchema } from '../validarXmlNfe.ts';
import { aplicarUrlBase, enderecoSefaz, svcDaUf } from './endpointsSefaz.ts';
import {
  idEvento,
  idInutilizacao,
  lerRetConsReciNFe,
  lerRetDistDFeInt,
  lerRetEnviNFe,
  montarConsReciNFe,
  montarConsSitNFe,
  montarConsStatServ,
  montarDistDFeInt,
  montarEvento,
  montarInutNFe,
} from './mensagensSefaz.ts';
import { conteudoResposta, envelopeSoap } from './soapSefaz.ts';

const CHAVE = '35261111222333000181550010000010011234567890';

function erro(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('não lançou');
}

describe('endpoints as data', () => {
  it('SP has its own NF-e and NFC-e authorizers; MA uses SVAN for NF-e and SVRS for NFC-e; BA NFC-e is SVRS', () => {
    const base = { ambiente: 2, servico: 'NFeAutorizacao4' } as const;
    expect(enderecoSefaz({ ...base, uf: 'SP', modelo: 55 })).toEqual({
      url: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
      autorizador: 'SP',
    });
    expect(enderecoSefaz({ ...base, uf: 'SP', modelo: 65 }).url).toBe(
      'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
    );
    expect(enderecoSefaz({ ...base, uf: 'MA', modelo: 55 }).autorizador).toBe('SVAN');
    expect(enderecoSefaz({ ...base, uf: 'BA', modelo: 65 }).url).toMatch(/svrs\.rs\.gov\.br/);
    expect(enderecoSefaz({ ...base, uf: 'RJ', modelo: 55, ambiente: 1 }).url).toMatch(
      /^https:\/\/nfe\.svrs\.rs\.gov\.br/,
    );
  });

  it('contingency SVC per UF (SP → SVC-AN tpEmis 6, PR → SVC-RS tpEmis 7); the manifestação goes to AN', () => {
    expect(svcDaUf('SP')).toEqual({ nome: 'SVC-AN', tpEmis: 6 });
    expect(svcDaUf('PR')).toEqual({ nome: 'SVC-RS', tpEmis: 7 });
    expect(
      enderecoSefaz({ uf: 'SP', modelo: 55, ambiente: 2, servico: 'NFeAutorizacao4', autorizador: 'svc' })
        .autorizador,
    ).toBe('SVC-AN');
    expect(
      enderecoSefaz({ uf: 'SP', modelo: 55, ambiente: 2, servico: 'NFeRecepcaoEvento4', autorizador: 'AN' })
        .url,
    ).toBe('https://hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx');
  });

  it('a UF not served, or SVC for an NFC-e, is a pt-BR 422', () => {
    const naoAtendida = erro(() =>
      enderecoSefaz({ uf: 'XX', modelo: 55, ambiente: 2, servico: 'NFeAutorizacao4' }),
    );
    expect([naoAtendida.statusCode, naoAtendida.code]).toEqual([422, 'UF_NAO_ATENDIDA']);
    expect(naoAtendida.message).toBe(
      'A UF XX não tem autorizador na tabela de web services da SEFAZ (modelo 55, homologação). Confira a UF do endereço da filial.',
    );
    const svc = erro(() =>
      enderecoSefaz({ uf: 'SP', modelo: 65, ambiente: 2, servico: 'NFeAutorizacao4', autorizador: 'svc' }),
    );
    expect(svc.code).toBe('NFCE_SEM_SVC');
  });

  it('SEFAZ_URL_BASE keeps the original host in the path', () => {
    expect(
      aplicarUrlBase(
        'https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
        'https://localhost:8443/',
      ),
    ).toBe('https://localhost:8443/hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx');
  });
});

describe('messages', () => {
  it('builds consStatServ, consSitNFe, consReciNFe and distDFeInt valid against the pinned PL', async () => {
    for (const [xml, schema] of [
      [montarConsStatServ(2, '35'), 'consStatServ_v4.00.xsd'],
      [montarConsSitNFe(2, CHAVE), 'consSitNFe_v4.00.xsd'],
      [montarConsReciNFe(2, '351000000012345'), 'consReciNFe_v4.00.xsd'],
      [montarDistDFeInt(2, '35', '11222333000181', '17'), 'distDFeInt_v1.01.xsd'],
    ] as const) {
      const resultado = await validarXmlSchema(xml, schema);
      expect([schema, resultado.erros]).toEqual([schema, []]);
    }
  });

  it('event and inutilização ids have the layout lengths', () => {
    expect(idEvento({ chave: CHAVE, sequencia: 1, detalhe: { tpEvento: '110110', correcao: 'x' } })).toMatch(
      /^ID110110\d{44}01$/,
    );
    const inut = {
      ambiente: 2 as const,
      cUF: '35',
      ano: 2026,
      cnpj: '11222333000181',
      modelo: 55 as const,
      serie: 1,
      numeroInicial: 15,
      numeroFinal: 17,
      justificativa: 'Numeração pulada por falha',
    };
    expect(idInutilizacao(inut)).toBe('ID35261122233300018155001000000015000000017');
    expect(idInutilizacao(inut)).toHaveLength(43);
    expect(montarInutNFe(inut)).toContain(
      '<ano>26</ano><CNPJ>11222333000181</CNPJ><mod>55</mod><serie>1</serie>',
    );
    const evento = montarEvento({
      cOrgao: '35',
      ambiente: 2,
      cnpj: '11222333000181',
      chave: CHAVE,
      dataHora: new Date('2026-11-29T13:00:00Z'),
      sequencia: 1,
      detalhe: {
        tpEvento: '110111',
        protocolo: '135260000000001',
        justificativa: 'Erro de digitação & valor',
      },
    });
    expect(evento).toContain(
      '<dhEvento>2026-11-29T10:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000000001</nProt><xJust>Erro de digitação &amp; valor</xJust>',
    );
  });

  it('reads the answers: a lote, a synchronous protNFe, a recibo with its protocols, and zipped documents', () => {
    const soap = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="x"><retEnviNFe versao="4.00"><tpAmb>2</tpAmb><cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><infRec><nRec>351000000012345</nRec><tMed>1</tMed></infRec></retEnviNFe></nfeResultMsg></soap:Body></soap:Envelope>`;
    expect(lerRetEnviNFe(conteudoResposta(soap)!)).toEqual({
      cStat: 103,
      xMotivo: 'Lote recebido com sucesso',
      recibo: '351000000012345',
      protocolo: null,
    });
    const prot = `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${CHAVE}</chNFe><dhRecbto>2026-11-29T10:00:00-03:00</dhRecbto><nProt>135260000000001</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;
    const sincrono = lerRetEnviNFe(
      `<retEnviNFe><cStat>104</cStat><xMotivo>Lote processado</xMotivo>${prot}</retEnviNFe>`,
    );
    expect(sincrono).toMatchObject({
      cStat: 104,
      protocolo: { cStat: 100, protocolo: '135260000000001', chave: CHAVE },
    });
    expect(
      lerRetConsReciNFe(
        `<retConsReciNFe><cStat>104</cStat><xMotivo>Lote processado</xMotivo>${prot}</retConsReciNFe>`,
      ).protocolos,
    ).toHaveLength(1);
    const doc = gzipSync('<resNFe><chNFe>1</chNFe></resNFe>').toString('base64');
    const dist = lerRetDistDFeInt(
      `<retDistDFeInt><cStat>138</cStat><xMotivo>Documento localizado</xMotivo><ultNSU>000000000000018</ultNSU><maxNSU>000000000000020</maxNSU><loteDistDFeInt><docZip NSU="000000000000018" schema="resNFe_v1.01.xsd">${doc}</docZip></loteDistDFeInt></retDistDFeInt>`,
      gunzipSync,
    );
    expect(dist).toMatchObject({ cStat: 138, ultimoNsu: '000000000000018' });
    expect(dist.documentos).toEqual([
      { nsu: '000000000000018', schema: 'resNFe_v1.01.xsd', xml: '<resNFe><chNFe>1</chNFe></resNFe>' },
    ]);
    expect(envelopeSoap('NFeStatusServico4', '<consStatServ/>')).toContain(
      '<soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4"><consStatServ/></nfeDadosMsg></soap12:Body>',
    );
  });
});
