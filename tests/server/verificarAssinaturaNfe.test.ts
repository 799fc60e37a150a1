import { describe, expect, it } from 'vitest';
import { verificarAssinaturaNfe } from '../../runtime/server/services/xmlNfe/verificarAssinatura.ts';
import { type NotaXmlTeste, nfeXml } from '../support/nfeXml.ts';

const nota: NotaXmlTeste = {
  emitente: { cnpj: '11222333000181', nome: 'FORNECEDOR TESTE LTDA' },
  destinatarioCnpj: '11444777000161',
  numero: 55,
  serie: 1,
  dataEmissao: '2026-03-10',
  itens: [
    {
      codigo: 'P1',
      descricao: 'PARAFUSO 6MM',
      ncm: '73181500',
      cfop: '5102',
      unidade: 'UN',
      quantidade: 10,
      valorUnitario: 1.5,
    },
  ],
};

describe('verificarAssinaturaNfe (XML-DSig of infNFe)', () => {
  it('accepts the note as signed, inside nfeProc or alone, and ignores changes outside infNFe', () => {
    const { xml } = nfeXml(nota);
    expect(verificarAssinaturaNfe(xml)).toEqual({ valida: true });
    expect(verificarAssinaturaNfe(nfeXml({ ...nota, protocolo: false }).xml)).toEqual({ valida: true });
    // The protocol is SEFAZ's, outside the signed group.
    expect(
      verificarAssinaturaNfe(xml.replace('<nProt>135250000012345</nProt>', '<nProt>999</nProt>')),
    ).toEqual({
      valida: true,
    });
  });

  it('refuses any change inside infNFe: a value, a CNPJ, one extra space', () => {
    const { xml } = nfeXml(nota);
    for (const [de, para] of [
      ['<vUnCom>1.5000000000</vUnCom>', '<vUnCom>1.4000000000</vUnCom>'],
      ['<xNome>FORNECEDOR TESTE LTDA</xNome>', '<xNome>OUTRO FORNECEDOR</xNome>'],
      ['<natOp>Venda de mercadoria</natOp>', '<natOp>Venda de mercadoria </natOp>'],
    ] as const) {
      expect(xml).toContain(de);
      expect(verificarAssinaturaNfe(xml.replace(de, para))).toEqual({
        valida: false,
        motivo: 'não confere, o conteúdo da nota foi alterado depois de assinado pelo emitente',
      });
    }
  });

  it('names a missing signature, a reference to another group and a signature without certificate', () => {
    expect(verificarAssinaturaNfe(nfeXml({ ...nota, assinatura: false }).xml)).toEqual({
      valida: false,
      motivo: 'o XML não tem a assinatura digital do emitente',
    });
    const { xml, chave } = nfeXml(nota);
    expect(verificarAssinaturaNfe(xml.replace(`URI="#NFe${chave}"`, 'URI="#outro"'))).toMatchObject({
      motivo: 'a assinatura não se refere ao grupo infNFe desta nota',
    });
    expect(
      verificarAssinaturaNfe(
        xml.replace(/<X509Certificate>[^<]*<\/X509Certificate>/, '<X509Certificate></X509Certificate>'),
      ),
    ).toMatchObject({ motivo: 'a assinatura não traz o certificado do emitente' });
  });
});
