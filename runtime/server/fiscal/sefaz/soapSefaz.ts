import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { ServicoSefaz } from './endpointsSefaz.ts';
import { blocoTag, semDeclaracao } from './mensagensSefaz.ts';

/** The WSDL operation of each service (SOAP 1.2 action). */
export const OPERACAO: Record<ServicoSefaz, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeDistribuicaoDFe: 'nfeDistDFeInteresse',
};

const wsdl = (servico: ServicoSefaz) => `http://www.portalfiscal.inf.br/nfe/wsdl/${servico}`;

/**
 * The SOAP 1.2 envelope of a SEFAZ request: Body > nfeDadosMsg (in the service's WSDL namespace) > the
 * message; Distribuição DF-e wraps it once more in nfeDistDFeInteresse, as its WSDL says.
 */
export function envelopeSoap(servico: ServicoSefaz, mensagem: string): string {
  const corpo =
    servico === 'NFeDistribuicaoDFe'
      ? `<nfeDistDFeInteresse xmlns="${wsdl(servico)}"><nfeDadosMsg>${semDeclaracao(mensagem)}</nfeDadosMsg></nfeDistDFeInteresse>`
      : `<nfeDadosMsg xmlns="${wsdl(servico)}">${semDeclaracao(mensagem)}</nfeDadosMsg>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>${corpo}</soap12:Body></soap12:Envelope>`;
}

/** The message inside a SOAP answer (nfeResultMsg's child), or undefined when the body has none. */
export function conteudoResposta(envelope: string): string | undefined {
  const resultado =
    blocoTag(envelope, 'nfeResultMsg') ??
    blocoTag(envelope, 'nfeDistDFeInteresseResult') ??
    blocoTag(envelope, 'Body');
  if (!resultado) return undefined;
  const interno = /^<[^>]+>([\s\S]*)<\/[^>]+>$/.exec(resultado)?.[1];
  return interno?.trim() || undefined;
}

/** The SOAP body's message of a request (the fake reads it back). */
export function conteudoRequisicao(envelope: string): string | undefined {
  const dados = blocoTag(envelope, 'nfeDadosMsg');
  if (!dados) return undefined;
  return /^<[^>]+>([\s\S]*)<\/[^>]+>$/.exec(dados)?.[1]?.trim();
}

/** Mutual TLS material: the A1 (key and certificate, PEM) and the CAs trusted for the server. */
export interface TlsSefaz {
  key: string;
  cert: string;
  /** Extra CAs for the server's certificate (ICP-Brasil chain in production, the fake's test CA). */
  ca?: string | string[];
}

/**
 * No answer from SEFAZ: connection refused or reset, timeout, DNS, TLS failure — the request may or may not
 * have reached it (`talvezRecebida`: a timeout after sending). The contingency path starts here.
 */
export class ErroConexaoSefaz extends Error {
  readonly tipo: 'timeout' | 'conexao' | 'tls' | 'http';
  readonly talvezRecebida: boolean;
  constructor(tipo: ErroConexaoSefaz['tipo'], message: string, talvezRecebida: boolean) {
    super(message);
    this.tipo = tipo;
    this.talvezRecebida = talvezRecebida;
  }
}

export interface RespostaSoap {
  /** The whole SOAP answer as received. */
  envelope: string;
  /** The message inside it (retEnviNFe, retConsSitNFe…). */
  mensagem: string;
}

const TLS_ERROS = /CERT|SSL|TLS|self.signed|unable to (get|verify)|handshake/i;

/**
 * POSTs a SOAP 1.2 request to a SEFAZ web service over mutual TLS (the filial's A1; the server's
 * certificate verified against the system CAs plus `tls.ca` — never skipped) with an overall timeout.
 * Throws ErroConexaoSefaz when there is no usable answer.
 */
type OpcoesChamada = {
  url: string;
  servico: ServicoSefaz;
  mensagem: string;
  tls: TlsSefaz;
  timeoutMs: number;
};

/**
 * chamarSefaz, tried again (twice at most, 200 and 400 ms later) when the connection was reset before the
 * message was written: nothing reached SEFAZ, so sending it again is sending it once. A reset after the
 * message went out is "maybe received" and is left to the callers (consulta by chave), as before.
 */
export async function chamarSefaz(opcoes: OpcoesChamada): Promise<RespostaSoap> {
  for (let tentativa = 1; ; tentativa++) {
    try {
      return await chamarSefazUmaVez(opcoes);
    } catch (erro) {
      const reiniciada =
        erro instanceof ErroConexaoSefaz &&
        erro.tipo === 'conexao' &&
        !erro.talvezRecebida &&
        /ECONNRESET|EPIPE|socket hang up/.test(erro.message);
      if (!reiniciada || tentativa >= 3) throw erro;
      await new Promise((resolve) => setTimeout(resolve, 200 * tentativa));
    }
  }
}

function chamarSefazUmaVez(opcoes: OpcoesChamada): Promise<RespostaSoap> {
  const corpo = Buffer.from(envelopeSoap(opcoes.servico, opcoes.mensagem), 'utf8');
  const endereco = new URL(opcoes.url);
  return new Promise((resolve, reject) => {
    let enviado = false;
    let terminou = false;
    const falhar = (erro: ErroConexaoSefaz) => {
      if (terminou) return;
      terminou = true;
      clearTimeout(relogio);
      reject(erro);
    };
    const req = request(
      {
        protocol: endereco.protocol,
        hostname: endereco.hostname,
        port: endereco.port || 443,
        path: `${endereco.pathname}${endereco.search}`,
        method: 'POST',
        key: opcoes.tls.key,
        cert: opcoes.tls.cert,
        // Extra CAs are added to Node's bundled ones (a `ca` option alone would replace them).
        ...(opcoes.tls.ca ? { ca: [...rootCertificates, ...[opcoes.tls.ca].flat()] } : {}),
        rejectUnauthorized: true,
        agent: false,
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="${wsdl(opcoes.servico)}/${OPERACAO[opcoes.servico]}"`,
          'content-length': corpo.length,
        },
      },
      (res) => {
        const partes: Buffer[] = [];
        let tamanho = 0;
        res.on('data', (parte: Buffer) => {
          tamanho += parte.length;
          if (tamanho > 32 * 1024 * 1024) {
            req.destroy();
            falhar(new ErroConexaoSefaz('http', 'A resposta da SEFAZ passou de 32 MB.', true));
            return;
          }
          partes.push(parte);
        });
        res.on('error', (erro) => falhar(new ErroConexaoSefaz('conexao', erro.message, true)));
        res.on('end', () => {
          if (terminou) return;
          const envelope = Buffer.concat(partes).toString('utf8');
          const mensagem = conteudoResposta(envelope);
          if (!mensagem) {
            falhar(
              new ErroConexaoSefaz(
                'http',
                `A SEFAZ respondeu HTTP ${res.statusCode} sem a mensagem de retorno${envelope ? `: ${envelope.slice(0, 300)}` : ''}.`,
                true,
              ),
            );
            return;
          }
          terminou = true;
          clearTimeout(relogio);
          resolve({ envelope, mensagem });
        });
      },
    );
    const relogio = setTimeout(() => {
      req.destroy();
      falhar(
        new ErroConexaoSefaz(
          'timeout',
          `A SEFAZ não respondeu em ${Math.round(opcoes.timeoutMs / 1000)} s.`,
          enviado,
        ),
      );
    }, opcoes.timeoutMs);
    req.on('error', (erro: NodeJS.ErrnoException) => {
      const tls = TLS_ERROS.test(`${erro.code ?? ''} ${erro.message}`);
      falhar(
        new ErroConexaoSefaz(
          tls ? 'tls' : 'conexao',
          tls
            ? `Falha na conexão segura com a SEFAZ (${erro.code ?? erro.message}). Confira o certificado digital da filial.`
            : `Sem conexão com a SEFAZ (${erro.code ?? erro.message}).`,
          enviado && erro.code !== 'ECONNREFUSED',
        ),
      );
    });
    req.end(corpo, () => {
      enviado = true;
    });
  });
}
