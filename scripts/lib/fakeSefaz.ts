import { createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { gzipSync } from 'node:zlib';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import type { ServicoSefaz } from '../../runtime/server/fiscal/sefaz/endpointsSefaz.ts';
import {
  blocosTag,
  blocoTag,
  NS_NFE,
  SCHEMA_EVENTO,
  semDeclaracao,
  valorTag,
} from '../../runtime/server/fiscal/sefaz/mensagensSefaz.ts';
import { conteudoRequisicao } from '../../runtime/server/fiscal/sefaz/soapSefaz.ts';
import type { ErroSchemaNfe } from '../../runtime/server/fiscal/validarXmlNfe.ts';
import { validarXmlSchema } from '../../runtime/server/fiscal/validarXmlNfe.ts';

/**
 * A local fake SEFAZ (issue 17) for tests and for running by hand (`npm run fake-sefaz`): HTTPS with its
 * own test CA (node-forge), mutual TLS (the client's certificate must be issued by that CA — see
 * emitirCertificadoA1), SOAP 1.2 envelopes as the real web services, every message validated against the
 * pinned PL XSDs and its signature verified, and answers as SEFAZ gives them: 100 (synchronous),
 * 103 then 105 then 104/100 (lote), 204 duplicidade, 539 (same number, another chave), 225/215 schema
 * rejections, 297 signature, 583 QR code v3 offline signature, 135 events, 102 inutilização, 107 status,
 * 137/138 distribuição. It can be told to be down (derrubar): connection refused or reset, no answer, or 108/109.
 */

/** Everything the fake received, for the tests' assertions. */
export interface Recebido {
  servico: ServicoSefaz | 'desconhecido';
  /** The authorizer's host the client addressed (SEFAZ_URL_BASE keeps it in the path). */
  host: string;
  mensagem: string;
  schema: string | null;
  valido: boolean;
  erros: ErroSchemaNfe[];
  /** Every ds:Signature of the message verified (null: the message has none). */
  assinaturaValida: boolean | null;
  /** The QR code v3 offline signature of each NFC-e verified (null: no v3 offline QR code in the message). */
  qrCodeValido: boolean | null;
  /** CNPJ in the client certificate (CN "NOME:CNPJ"). */
  cnpjCertificado: string | null;
  cStat: number | null;
}

export type ModoFora = 'recusar' | 'resetar' | 'sem-resposta' | '108' | '109' | 'processar-sem-responder';

export interface RespostaForcada {
  servico?: ServicoSefaz;
  cStat: number;
  xMotivo?: string;
}

export interface FakeSefaz {
  /** https://localhost:<porta> — SEFAZ_URL_BASE. */
  url: string;
  porta: number;
  /** The test CA (PEM): trusted by the client for the server's certificate (SEFAZ_CA_FILE). */
  caPem: string;
  recebidos: Recebido[];
  /** Answers forced on the next requests (of `servico`, or any), consumed in order. */
  roteiro: RespostaForcada[];
  /** An A1 (PKCS#12) issued by the test CA for `cnpj`, accepted by the fake's mutual TLS. */
  emitirCertificadoA1(opcoes?: { cnpj?: string; senha?: string; titular?: string; dias?: number }): Buffer;
  /** Down for `hosts` (all when absent) until restaurar. */
  derrubar(modo: ModoFora, hosts?: string[]): Promise<void>;
  restaurar(): Promise<void>;
  /** The authorised notes the fake keeps (chave → protocol), e.g. to check an adoption. */
  autorizadas: Map<string, { protocolo: string; cancelada: boolean }>;
  close(): Promise<void>;
}

const MOTIVOS: Record<number, string> = {
  100: 'Autorizado o uso da NF-e',
  101: 'Cancelamento de NF-e homologado',
  102: 'Inutilização de número homologado',
  103: 'Lote recebido com sucesso',
  104: 'Lote processado',
  105: 'Lote em processamento',
  106: 'Lote não localizado',
  107: 'Serviço em Operação',
  108: 'Serviço Paralisado Momentaneamente (curto prazo)',
  109: 'Serviço Paralisado sem Previsão',
  110: 'Uso Denegado',
  128: 'Lote de Evento Processado',
  135: 'Evento registrado e vinculado a NF-e',
  136: 'Evento registrado, mas não vinculado a NF-e',
  137: 'Nenhum documento localizado para o Destinatário',
  138: 'Documento localizado para o Destinatário',
  204: 'Rejeição: Duplicidade de NF-e',
  213: 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
  215: 'Rejeição: Falha no schema XML',
  217: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
  222: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado',
  225: 'Rejeição: Falha no Schema XML do lote de NFe',
  241: 'Rejeição: Um número da faixa já foi utilizado',
  297: 'Rejeição: Assinatura difere do calculado',
  // NT 2025.001 (QR code v3): the number as vendors' help pages give it; the NT's own table was not at hand.
  583: 'Rejeição: Valor da assinatura do QR-Code difere do valor calculado',
  301: 'Uso Denegado: Irregularidade fiscal do emitente',
  391: 'Rejeição: Não informados os dados do cartão de crédito / débito nas Formas de Pagamento da Nota Fiscal',
  302: 'Uso Denegado: Irregularidade fiscal do destinatário',
  539: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
  573: 'Rejeição: Duplicidade de Evento',
  778: 'Rejeição: Informado NCM inexistente',
};

const SCHEMA_SERVICO: Partial<Record<ServicoSefaz, string>> = {
  NFeAutorizacao4: 'enviNFe_v4.00.xsd',
  NFeRetAutorizacao4: 'consReciNFe_v4.00.xsd',
  NFeConsultaProtocolo4: 'consSitNFe_v4.00.xsd',
  NFeStatusServico4: 'consStatServ_v4.00.xsd',
  NFeInutilizacao4: 'inutNFe_v4.00.xsd',
  NFeDistribuicaoDFe: 'distDFeInt_v1.01.xsd',
};

const DIA_MS = 24 * 3600_000;

function chaveRsa(): forge.pki.rsa.PrivateKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
}

function certificado(
  publica: forge.pki.PublicKey,
  assunto: forge.pki.CertificateField[],
  emissor: forge.pki.CertificateField[],
  chaveEmissor: forge.pki.rsa.PrivateKey,
  extensoes: object[],
  dias: number,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publica;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(9))}`;
  const inicio = Date.now() - DIA_MS;
  cert.validity.notBefore = new Date(Math.min(inicio, inicio + dias * DIA_MS - DIA_MS));
  cert.validity.notAfter = new Date(Date.now() + dias * DIA_MS);
  cert.setSubject(assunto);
  cert.setIssuer(emissor);
  cert.setExtensions(extensoes);
  cert.sign(chaveEmissor, forge.md.sha256.create());
  return cert;
}

/** The test CA, the server certificate for localhost, and A1s issued by the CA. */
export function criarAutoridadeTeste() {
  const chaveCa = chaveRsa();
  const publicaCa = forge.pki.setRsaPublicKey(chaveCa.n, chaveCa.e);
  const nomeCa = [
    { name: 'commonName', value: 'AC FAKE SEFAZ TESTE' },
    { name: 'organizationName', value: 'ERP testes' },
    { name: 'countryName', value: 'BR' },
  ];
  const ca = certificado(
    publicaCa,
    nomeCa,
    nomeCa,
    chaveCa,
    [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
    ],
    3650,
  );
  const chaveServidor = chaveRsa();
  const servidor = certificado(
    forge.pki.setRsaPublicKey(chaveServidor.n, chaveServidor.e),
    [{ name: 'commonName', value: 'localhost' }],
    nomeCa,
    chaveCa,
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    825,
  );
  return {
    caPem: forge.pki.certificateToPem(ca),
    servidorPem: forge.pki.certificateToPem(servidor),
    servidorChavePem: forge.pki.privateKeyToPem(chaveServidor),
    emitirCertificadoA1({
      cnpj = '11222333000181',
      senha = 'segredo123',
      titular = 'EMPRESA DEMONSTRACAO LTDA',
      dias = 365,
    }: {
      cnpj?: string;
      senha?: string;
      titular?: string;
      dias?: number;
    } = {}): Buffer {
      const chave = chaveRsa();
      const cert = certificado(
        forge.pki.setRsaPublicKey(chave.n, chave.e),
        [
          { name: 'commonName', value: `${titular}:${cnpj}` },
          { name: 'organizationName', value: 'ICP-Brasil' },
          { name: 'countryName', value: 'BR' },
        ],
        nomeCa,
        chaveCa,
        [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
          { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
        ],
        dias,
      );
      const p12 = forge.pkcs12.toPkcs12Asn1(chave, [cert], senha, { algorithm: '3des' });
      return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
    },
  };
}

/**
 * Verifies every ds:Signature of `xml` (xml-crypto, with the certificate of its own KeyInfo): each must
 * verify against the element its Reference names. Null when the message carries no signature.
 */
export function verificarAssinaturas(xml: string): boolean | null {
  const assinaturas = blocosTag(xml, 'Signature');
  if (assinaturas.length === 0) return null;
  for (const assinatura of assinaturas) {
    const base64 = (valorTag(assinatura, 'X509Certificate') ?? '').replace(/\s+/g, '');
    if (!base64) return false;
    try {
      const pem = new X509Certificate(Buffer.from(base64, 'base64')).toString();
      const verificador = new SignedXml({ publicCert: pem });
      verificador.loadSignature(assinatura);
      if (!verificador.checkSignature(xml)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Verifies the QR code v3 offline signature of every NFC-e in `xml` (NT 2025.001): the base64 RSA-SHA1
 * signature after the 7th "|" must verify, with the certificate of the NFe's own ds:Signature, over
 * chave|3|tpAmb|dia|vNF|tpIdDest|idDest. Null when no NFe carries a v3 offline QR code.
 */
export function verificarQrCodesV3(xml: string): boolean | null {
  let algum = false;
  for (const nfe of blocosTag(xml, 'NFe')) {
    const qr = /<qrCode>(?:<!\[CDATA\[)?([^<\]]*)/.exec(nfe)?.[1] ?? '';
    const campos = /\?p=(.*)$/.exec(qr)?.[1]?.split('|') ?? [];
    if (campos[1] !== '3' || campos.length !== 8) continue;
    algum = true;
    const base64 = (valorTag(nfe, 'X509Certificate') ?? '').replace(/\s+/g, '');
    try {
      const certificado = new X509Certificate(Buffer.from(base64, 'base64'));
      const assinado = campos.slice(0, 7).join('|');
      if (
        !createVerify('RSA-SHA1').update(assinado, 'utf8').verify(certificado.publicKey, campos[7]!, 'base64')
      )
        return false;
    } catch {
      return false;
    }
  }
  return algum ? true : null;
}

const agoraSefaz = () => `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

const envelope = (servico: ServicoSefaz, retorno: string) => {
  const ns = `http://www.portalfiscal.inf.br/nfe/wsdl/${servico}`;
  const corpo =
    servico === 'NFeDistribuicaoDFe'
      ? `<nfeDistDFeInteresseResponse xmlns="${ns}"><nfeDistDFeInteresseResult>${retorno}</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse>`
      : `<nfeResultMsg xmlns="${ns}">${retorno}</nfeResultMsg>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${corpo}</soap:Body></soap:Envelope>`;
};

interface NotaFake {
  chave: string;
  protocolo: string;
  dhRecbto: string;
  digVal: string;
  cancelada: boolean;
  destinatario: string | null;
  nfe: string;
  nsu: number;
}

/** Starts the fake on `porta` (0: a free one) at 127.0.0.1. */
export async function iniciarFakeSefaz(opcoes: { porta?: number; host?: string } = {}): Promise<FakeSefaz> {
  const autoridade = criarAutoridadeTeste();
  const recebidos: Recebido[] = [];
  const roteiro: RespostaForcada[] = [];
  const notas = new Map<string, NotaFake>();
  const numeros = new Map<string, string>();
  const lotes = new Map<string, { protocolos: string[]; consultas: number }>();
  const inutilizados = new Set<string>();
  const eventos = new Set<string>();
  let sequencia = 0;
  let fora: { modo: ModoFora; hosts: string[] | null } | null = null;
  const pendentes = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const proximoProtocolo = (cUF: string) => {
    sequencia += 1;
    return `1${cUF.padStart(2, '0')}${String(new Date().getFullYear() % 100).padStart(2, '0')}${String(sequencia).padStart(10, '0')}`;
  };

  const forcada = (servico: ServicoSefaz) => {
    const indice = roteiro.findIndex((r) => !r.servico || r.servico === servico);
    if (indice < 0) return null;
    const [resposta] = roteiro.splice(indice, 1);
    return { cStat: resposta!.cStat, xMotivo: resposta!.xMotivo ?? MOTIVOS[resposta!.cStat] ?? 'Rejeição' };
  };

  function protNFe(tpAmb: string, chave: string, cStat: number, xMotivo: string, nota?: NotaFake) {
    return `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><chNFe>${chave}</chNFe><dhRecbto>${nota?.dhRecbto ?? agoraSefaz()}</dhRecbto>${nota ? `<nProt>${nota.protocolo}</nProt><digVal>${nota.digVal}</digVal>` : ''}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>`;
  }

  /** Authorises (or rejects) one NFe of a lote; the protNFe. */
  function processarNfe(nfe: string, tpAmb: string): string {
    const chave = /Id="NFe([0-9A-Z]{44})"/.exec(nfe)?.[1] ?? '';
    const forcado = forcada('NFeAutorizacao4');
    if (forcado) {
      if (forcado.cStat === 100 || forcado.cStat === 110 || forcado.cStat === 301 || forcado.cStat === 302) {
        const nota = registrar(chave, nfe);
        return protNFe(tpAmb, chave, forcado.cStat, forcado.xMotivo, nota);
      }
      return protNFe(tpAmb, chave, forcado.cStat, forcado.xMotivo);
    }
    const existente = notas.get(chave);
    if (existente)
      return protNFe(
        tpAmb,
        chave,
        204,
        `Rejeição: Duplicidade de NF-e [nProt:${existente.protocolo}][dhAut:${existente.dhRecbto}]`,
      );
    // Rule 391 of the authorisation: a card payment (tPag 03/04) carries its card group.
    const semCartao = [...nfe.matchAll(/<detPag>(.*?)<\/detPag>/gs)].some(
      ([, detPag]) => /<tPag>0[34]<\/tPag>/.test(detPag ?? '') && !(detPag ?? '').includes('<card>'),
    );
    if (semCartao) return protNFe(tpAmb, chave, 391, MOTIVOS[391]!);
    const numero = `${chave.slice(6, 20)}-${chave.slice(20, 22)}-${chave.slice(22, 25)}-${chave.slice(25, 34)}`;
    const outra = numeros.get(numero);
    if (outra) {
      const nota = notas.get(outra)!;
      return protNFe(
        tpAmb,
        chave,
        539,
        `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe: ${outra}][nProt:${nota.protocolo}][dhAut:${nota.dhRecbto}]`,
      );
    }
    const nota = registrar(chave, nfe);
    return protNFe(tpAmb, chave, 100, MOTIVOS[100]!, nota);
  }

  function registrar(chave: string, nfe: string): NotaFake {
    const nota: NotaFake = {
      chave,
      protocolo: proximoProtocolo(chave.slice(0, 2)),
      dhRecbto: agoraSefaz(),
      digVal: valorTag(nfe, 'DigestValue') ?? '',
      cancelada: false,
      destinatario: (() => {
        const dest = blocoTag(nfe, 'dest');
        return dest ? (valorTag(dest, 'CNPJ') ?? null) : null;
      })(),
      nfe: semDeclaracao(nfe),
      nsu: notas.size + 1,
    };
    notas.set(chave, nota);
    numeros.set(
      `${chave.slice(6, 20)}-${chave.slice(20, 22)}-${chave.slice(22, 25)}-${chave.slice(25, 34)}`,
      chave,
    );
    return nota;
  }

  function responder(
    servico: ServicoSefaz,
    mensagem: string,
    valido: boolean,
    cnpjCertificado: string | null,
  ) {
    const tpAmb = valorTag(mensagem, 'tpAmb') ?? '2';
    const cUF = valorTag(mensagem, 'cUF') ?? '35';
    const cab = (cStat: number, xMotivo = MOTIVOS[cStat] ?? '') =>
      `<tpAmb>${tpAmb}</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>`;
    const rejeicaoSchema = servico === 'NFeAutorizacao4' ? 225 : 215;
    switch (servico) {
      case 'NFeAutorizacao4': {
        const nfes = blocosTag(mensagem, 'NFe');
        const chave = /Id="NFe([0-9A-Z]{44})"/.exec(mensagem)?.[1] ?? '';
        const uf = chave.slice(0, 2) || cUF;
        if (!valido)
          return {
            cStat: rejeicaoSchema,
            xml: `<retEnviNFe xmlns="${NS_NFE}" versao="4.00">${cab(rejeicaoSchema)}<cUF>${uf}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retEnviNFe>`,
          };
        if (cnpjCertificado && chave && cnpjCertificado.slice(0, 8) !== chave.slice(6, 14))
          return {
            cStat: 213,
            xml: `<retEnviNFe xmlns="${NS_NFE}" versao="4.00">${cab(213)}<cUF>${uf}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retEnviNFe>`,
          };
        const sincrono = valorTag(mensagem, 'indSinc') === '1';
        const protocolos = nfes.map((nfe) => processarNfe(nfe, tpAmb));
        const cStatNota = Number(valorTag(protocolos[0] ?? '', 'cStat') ?? 0);
        if (sincrono)
          return {
            cStat: cStatNota,
            xml: `<retEnviNFe xmlns="${NS_NFE}" versao="4.00">${cab(104)}<cUF>${uf}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto>${protocolos.join('')}</retEnviNFe>`,
          };
        const recibo = `${uf}${String(Date.now()).slice(-13)}`.slice(0, 15).padEnd(15, '0');
        lotes.set(recibo, { protocolos, consultas: 0 });
        return {
          cStat: 103,
          xml: `<retEnviNFe xmlns="${NS_NFE}" versao="4.00">${cab(103)}<cUF>${uf}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto><infRec><nRec>${recibo}</nRec><tMed>1</tMed></infRec></retEnviNFe>`,
        };
      }
      case 'NFeRetAutorizacao4': {
        const recibo = valorTag(mensagem, 'nRec') ?? '';
        const lote = lotes.get(recibo);
        const corpo = (cStat: number, extra = '') =>
          `<retConsReciNFe xmlns="${NS_NFE}" versao="4.00">${cab(cStat)}<nRec>${recibo}</nRec><cUF>${recibo.slice(0, 2)}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto>${extra}</retConsReciNFe>`;
        if (!valido) return { cStat: 215, xml: corpo(215) };
        if (!lote) return { cStat: 106, xml: corpo(106) };
        lote.consultas += 1;
        if (lote.consultas === 1) return { cStat: 105, xml: corpo(105) };
        return { cStat: 104, xml: corpo(104, lote.protocolos.join('')) };
      }
      case 'NFeConsultaProtocolo4': {
        const chave = valorTag(mensagem, 'chNFe') ?? '';
        const nota = notas.get(chave);
        const corpo = (cStat: number, extra = '') =>
          `<retConsSitNFe xmlns="${NS_NFE}" versao="4.00">${cab(cStat)}<cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto><chNFe>${chave}</chNFe>${extra}</retConsSitNFe>`;
        if (!valido) return { cStat: 215, xml: corpo(215) };
        if (!nota) return { cStat: 217, xml: corpo(217) };
        const cStat = nota.cancelada ? 101 : 100;
        return { cStat, xml: corpo(cStat, protNFe(tpAmb, chave, 100, MOTIVOS[100]!, nota)) };
      }
      case 'NFeStatusServico4': {
        const cStat = valido ? 107 : 215;
        return {
          cStat,
          xml: `<retConsStatServ xmlns="${NS_NFE}" versao="4.00">${cab(cStat)}<cUF>${cUF}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto>${valido ? '<tMed>1</tMed>' : ''}</retConsStatServ>`,
        };
      }
      case 'NFeRecepcaoEvento4': {
        const evento = blocoTag(mensagem, 'infEvento') ?? '';
        const chave = valorTag(evento, 'chNFe') ?? '';
        const tpEvento = valorTag(evento, 'tpEvento') ?? '';
        const seq = valorTag(evento, 'nSeqEvento') ?? '1';
        const cOrgao = valorTag(evento, 'cOrgao') ?? '91';
        const lote = (cStat: number, ret = '') =>
          `<retEnvEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${valorTag(mensagem, 'idLote') ?? '1'}</idLote>${cab(cStat)}<cOrgao>${cOrgao}</cOrgao>${ret}</retEnvEvento>`;
        if (!valido) return { cStat: 215, xml: lote(215) };
        const retEvento = (cStat: number, xMotivo = MOTIVOS[cStat] ?? '') => {
          const protocolo = cStat === 135 || cStat === 136 ? proximoProtocolo(chave.slice(0, 2)) : null;
          return `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${tpEvento}</tpEvento><nSeqEvento>${seq}</nSeqEvento><dhRegEvento>${agoraSefaz()}</dhRegEvento>${protocolo ? `<nProt>${protocolo}</nProt>` : ''}</infEvento></retEvento>`;
        };
        const forcado = forcada('NFeRecepcaoEvento4');
        if (forcado)
          return { cStat: forcado.cStat, xml: lote(128, retEvento(forcado.cStat, forcado.xMotivo)) };
        const chaveEvento = `${chave}-${tpEvento}-${seq}`;
        if (eventos.has(chaveEvento)) return { cStat: 573, xml: lote(128, retEvento(573)) };
        const nota = notas.get(chave);
        if (tpEvento === '110111' || tpEvento === '110110') {
          if (!nota) return { cStat: 217, xml: lote(128, retEvento(217)) };
          if (tpEvento === '110111') {
            if (valorTag(evento, 'nProt') !== nota.protocolo)
              return { cStat: 222, xml: lote(128, retEvento(222)) };
            nota.cancelada = true;
          }
        }
        eventos.add(chaveEvento);
        return { cStat: 135, xml: lote(128, retEvento(nota || tpEvento.startsWith('2102') ? 135 : 136)) };
      }
      case 'NFeInutilizacao4': {
        const inf = blocoTag(mensagem, 'infInut') ?? '';
        const campos = ['cUF', 'ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin']
          .map((tag) => `<${tag}>${valorTag(inf, tag) ?? ''}</${tag}>`)
          .join('');
        const corpo = (cStat: number, protocolo: string | null) =>
          `<retInutNFe xmlns="${NS_NFE}" versao="4.00"><infInut>${cab(cStat)}${campos}<dhRecbto>${agoraSefaz()}</dhRecbto>${protocolo ? `<nProt>${protocolo}</nProt>` : ''}</infInut></retInutNFe>`;
        if (!valido) return { cStat: 215, xml: corpo(215, null) };
        const forcado = forcada('NFeInutilizacao4');
        if (forcado) return { cStat: forcado.cStat, xml: corpo(forcado.cStat, null) };
        const cnpj = valorTag(inf, 'CNPJ') ?? '';
        const mod = valorTag(inf, 'mod') ?? '';
        const serie = String(valorTag(inf, 'serie') ?? '').padStart(3, '0');
        const inicio = Number(valorTag(inf, 'nNFIni'));
        const fim = Number(valorTag(inf, 'nNFFin'));
        for (let n = inicio; n <= fim; n++) {
          const chave = `${cnpj}-${mod}-${serie}-${String(n).padStart(9, '0')}`;
          if (numeros.has(chave) || inutilizados.has(chave)) return { cStat: 241, xml: corpo(241, null) };
        }
        for (let n = inicio; n <= fim; n++)
          inutilizados.add(`${cnpj}-${mod}-${serie}-${String(n).padStart(9, '0')}`);
        return { cStat: 102, xml: corpo(102, proximoProtocolo(valorTag(inf, 'cUF') ?? '35')) };
      }
      case 'NFeDistribuicaoDFe': {
        const cnpj = valorTag(mensagem, 'CNPJ') ?? '';
        const ultimo = Number(valorTag(mensagem, 'ultNSU') ?? 0);
        const docs = [...notas.values()].filter((n) => n.destinatario === cnpj && n.nsu > ultimo);
        const maximo = String(notas.size).padStart(15, '0');
        const cStat = !valido ? 215 : docs.length ? 138 : 137;
        const lote = docs
          .map(
            (n) =>
              `<docZip NSU="${String(n.nsu).padStart(15, '0')}" schema="procNFe_v4.00.xsd">${gzipSync(
                `<nfeProc xmlns="${NS_NFE}" versao="4.00">${n.nfe}${protNFe(tpAmb, n.chave, 100, MOTIVOS[100]!, n)}</nfeProc>`,
              ).toString('base64')}</docZip>`,
          )
          .join('');
        const ult = docs.length
          ? String(docs[docs.length - 1]!.nsu).padStart(15, '0')
          : String(ultimo).padStart(15, '0');
        return {
          cStat,
          xml: `<retDistDFeInt xmlns="${NS_NFE}" versao="1.01">${cab(cStat)}<dhResp>${agoraSefaz()}</dhResp><ultNSU>${ult}</ultNSU><maxNSU>${maximo}</maxNSU>${lote ? `<loteDistDFeInt>${lote}</loteDistDFeInt>` : ''}</retDistDFeInt>`,
        };
      }
    }
  }

  const foraPara = (host: string) => (fora && (!fora.hosts || fora.hosts.includes(host)) ? fora.modo : null);

  async function atender(req: IncomingMessage, res: ServerResponse) {
    const partes: Buffer[] = [];
    for await (const parte of req) partes.push(parte as Buffer);
    const corpo = Buffer.concat(partes).toString('utf8');
    const host = (req.url ?? '/').split('/')[1] ?? '';
    const servico = (/wsdl\/(\w+)"/.exec(corpo)?.[1] ?? 'desconhecido') as ServicoSefaz | 'desconhecido';
    const modo = foraPara(host);
    if (modo === 'resetar' || modo === 'recusar') {
      req.socket.destroy();
      return;
    }
    if (modo === 'sem-resposta') {
      pendentes.add(res);
      res.on('close', () => pendentes.delete(res));
      return;
    }
    const mensagem =
      (servico === 'NFeDistribuicaoDFe' ? blocoTag(corpo, 'distDFeInt') : conteudoRequisicao(corpo)) ?? '';
    const peer = (req.socket as TLSSocket).getPeerCertificate?.();
    const cnpjCertificado = /:([0-9A-Z]{14})$/.exec([peer?.subject?.CN ?? ''].flat().join(''))?.[1] ?? null;
    let schema: string | null = servico === 'desconhecido' ? null : (SCHEMA_SERVICO[servico] ?? null);
    if (servico === 'NFeRecepcaoEvento4') {
      const tp = valorTag(mensagem, 'tpEvento') as keyof typeof SCHEMA_EVENTO | undefined;
      schema = (tp && SCHEMA_EVENTO[tp]) || 'envEvento_v1.00.xsd';
    }
    const validacao = schema
      ? await validarXmlSchema(mensagem, schema)
      : { valido: false, erros: [] as ErroSchemaNfe[], pacote: '' };
    const assinaturaValida = verificarAssinaturas(mensagem);
    const qrCodeValido = servico === 'NFeAutorizacao4' ? verificarQrCodesV3(mensagem) : null;
    const registro: Recebido = {
      servico,
      host,
      mensagem,
      schema,
      valido: validacao.valido,
      erros: validacao.erros,
      assinaturaValida,
      qrCodeValido,
      cnpjCertificado,
      cStat: null,
    };
    recebidos.push(registro);
    if (servico === 'desconhecido') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('serviço desconhecido');
      return;
    }
    let resposta: { cStat: number; xml: string };
    if (modo === '108' || modo === '109') {
      const cStat = Number(modo);
      resposta = {
        cStat,
        xml: `<retConsStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>2</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cStat>${cStat}</cStat><xMotivo>${MOTIVOS[cStat]}</xMotivo><cUF>35</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retConsStatServ>`,
      };
      if (servico === 'NFeAutorizacao4')
        resposta.xml = `<retEnviNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>2</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cStat>${cStat}</cStat><xMotivo>${MOTIVOS[cStat]}</xMotivo><cUF>35</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retEnviNFe>`;
    } else if (assinaturaValida === false) {
      resposta = {
        cStat: 297,
        xml:
          servico === 'NFeAutorizacao4'
            ? `<retEnviNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>2</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cStat>297</cStat><xMotivo>${MOTIVOS[297]}</xMotivo><cUF>35</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retEnviNFe>`
            : responder(servico, mensagem, false, cnpjCertificado).xml.replace(
                /<cStat>215<\/cStat><xMotivo>[^<]*/,
                `<cStat>297</cStat><xMotivo>${MOTIVOS[297]}`,
              ),
      };
    } else if (qrCodeValido === false) {
      resposta = {
        cStat: 583,
        xml: `<retEnviNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>2</tpAmb><verAplic>FAKE-SEFAZ-1.0</verAplic><cStat>583</cStat><xMotivo>${MOTIVOS[583]}</xMotivo><cUF>35</cUF><dhRecbto>${agoraSefaz()}</dhRecbto></retEnviNFe>`,
      };
    } else resposta = responder(servico, mensagem, validacao.valido, cnpjCertificado);
    registro.cStat = resposta.cStat;
    if (modo === 'processar-sem-responder') {
      req.socket.destroy();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' })
      .end(envelope(servico, resposta.xml));
  }

  const servidor: Server = createServer(
    {
      key: autoridade.servidorChavePem,
      cert: autoridade.servidorPem,
      ca: [autoridade.caPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      atender(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          res
            .writeHead(500, { 'content-type': 'text/plain' })
            .end(error instanceof Error ? error.message : String(error));
      });
    },
  );
  servidor.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = opcoes.host ?? '127.0.0.1';
  const ouvir = (porta: number) =>
    new Promise<number>((resolve, reject) => {
      servidor.once('error', reject);
      servidor.listen(porta, host, () => {
        servidor.off('error', reject);
        const endereco = servidor.address();
        resolve(typeof endereco === 'object' && endereco ? endereco.port : porta);
      });
    });
  const fechar = () =>
    new Promise<void>((resolve) => {
      for (const res of pendentes) res.destroy();
      for (const socket of sockets) socket.destroy();
      servidor.close(() => resolve());
    });
  const porta = await ouvir(opcoes.porta ?? 0);
  let ouvindo = true;

  return {
    url: `https://localhost:${porta}`,
    porta,
    caPem: autoridade.caPem,
    recebidos,
    roteiro,
    autorizadas: new Proxy(new Map(), {
      get(_alvo, prop) {
        const mapa = new Map(
          [...notas.values()].map((n) => [n.chave, { protocolo: n.protocolo, cancelada: n.cancelada }]),
        );
        const valor = Reflect.get(mapa, prop);
        return typeof valor === 'function' ? valor.bind(mapa) : valor;
      },
    }),
    emitirCertificadoA1: autoridade.emitirCertificadoA1,
    async derrubar(modo, hosts) {
      fora = { modo, hosts: hosts ?? null };
      // Connection refused for everyone: the port stops listening.
      if (modo === 'recusar' && !hosts && ouvindo) {
        ouvindo = false;
        await fechar();
      }
    },
    async restaurar() {
      fora = null;
      for (const res of pendentes) res.destroy();
      if (!ouvindo) {
        await ouvir(porta);
        ouvindo = true;
      }
    },
    async close() {
      if (ouvindo) {
        ouvindo = false;
        await fechar();
      }
    },
  };
}
