import type { ServerConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { pemDoCertificadoInWorker } from '../assinarXmlDfeInWorker.ts';
import { certificadoDaFilial, type EscopoEmissao } from '../emissaoNotaFiscal.ts';
import { type Autorizador, enderecoSefaz, type ServicoSefaz } from './endpointsSefaz.ts';
import { chamarSefaz, ErroConexaoSefaz, type RespostaSoap, type TlsSefaz } from './soapSefaz.ts';

/** What the SEFAZ client needs of the server. */
export interface ServicosSefaz {
  db: Database;
  config: Pick<ServerConfig, 'dataDir' | 'sefazUrlBase' | 'sefazCa' | 'sefazTimeoutMs' | 'sefazRetrySeconds'>;
}

/** The branch's A1 (refused with 422 when absent, expired or of another CNPJ): file and password. */
export function certificadoA1(servicos: ServicosSefaz, escopo: EscopoEmissao, cnpjEmitente: string) {
  return servicos.db.withTenant(
    escopo,
    (tx) => certificadoDaFilial(tx, escopo, cnpjEmitente, servicos.config.dataDir),
    { readOnly: true },
  );
}

/**
 * Mutual TLS material of the branch: its A1 (PEM) and the CAs trusted for SEFAZ's servers. The file and
 * password are read for every call (a replaced certificate counts at once); the opened A1 is kept by the
 * signing worker (openedA1.ts), the one place that holds it between calls.
 */
export async function tlsDaFilial(
  servicos: ServicosSefaz,
  escopo: EscopoEmissao,
  cnpjEmitente: string,
): Promise<TlsSefaz> {
  const a1 = await certificadoA1(servicos, escopo, cnpjEmitente);
  const { privateKeyPem, certificatePem } = await pemDoCertificadoInWorker(a1.pfx, a1.senha);
  return {
    key: privateKeyPem,
    cert: certificatePem,
    ...(servicos.config.sefazCa ? { ca: servicos.config.sefazCa } : {}),
  };
}

export interface RegistroTransmissao {
  documentoTipo: 'notaFiscal' | 'inutilizacao' | 'manifestacao' | 'filial';
  documentoId: number | null;
  servico: ServicoSefaz | 'contingenciaOffline';
  url: string | null;
  ambiente: 1 | 2;
  tipoEmissao?: number | null;
  chave?: string | null;
  requisicao: string;
  tipoEvento?: string | null;
  sequenciaEvento?: number | null;
}

/** Writes the request row before it is sent (committed on its own: a crash mid-request leaves a trace). */
export async function registrarTransmissao(
  servicos: ServicosSefaz,
  escopo: EscopoEmissao,
  registro: RegistroTransmissao,
): Promise<number> {
  return servicos.db.withTenant(escopo, async (tx) => {
    const row = await tx.one<{ id: number }>(
      `INSERT INTO nota_fiscal_transmissao (empresa_id, filial_id, documento_tipo, documento_id, servico, url, ambiente,
              tipo_emissao, chave, requisicao, tipo_evento, sequencia_evento, usuario_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::int AS id`,
      [
        escopo.empresaId,
        escopo.filialId,
        registro.documentoTipo,
        registro.documentoId,
        registro.servico,
        registro.url,
        registro.ambiente,
        registro.tipoEmissao ?? null,
        registro.chave ?? null,
        registro.requisicao,
        registro.tipoEvento ?? null,
        registro.sequenciaEvento ?? null,
        escopo.usuarioId ?? null,
      ],
    );
    return row.id;
  });
}

export interface ConclusaoTransmissao {
  resposta?: string | null;
  cStat?: number | null;
  xMotivo?: string | null;
  protocolo?: string | null;
  recibo?: string | null;
  erro?: string | null;
  xmlProcessado?: string | null;
}

/** Completes a request row with SEFAZ's answer (or the transport error), in the caller's transaction. */
export async function concluirTransmissao(
  tx: Tx,
  id: number,
  conclusao: ConclusaoTransmissao,
): Promise<void> {
  await tx.query(
    `UPDATE nota_fiscal_transmissao SET resposta = $2, c_stat = $3, x_motivo = $4, protocolo = $5, recibo = $6,
            erro = $7, xml_processado = $8, respondido_em = clock_timestamp()
      WHERE id = $1`,
    [
      id,
      conclusao.resposta ?? null,
      conclusao.cStat ?? null,
      conclusao.xMotivo ?? null,
      conclusao.protocolo ?? null,
      conclusao.recibo ?? null,
      conclusao.erro ?? null,
      conclusao.xmlProcessado ?? null,
    ],
  );
}

export interface ChamadaSefaz {
  uf: string;
  modelo: 55 | 65;
  ambiente: 1 | 2;
  servico: ServicoSefaz;
  autorizador?: Autorizador;
  mensagem: string;
  tls: TlsSefaz;
}

export type ResultadoChamada =
  | { ok: true; resposta: RespostaSoap; url: string; transmissaoId: number }
  | { ok: false; erro: ErroConexaoSefaz; url: string; transmissaoId: number };

/**
 * One SEFAZ call with its record: the request row is written first (committed), the message sent, and the
 * answer returned for the caller to apply and complete the row in its own transaction — or the transport
 * error, already stored on the row.
 */
export async function chamarComRegistro(
  servicos: ServicosSefaz,
  escopo: EscopoEmissao,
  chamada: ChamadaSefaz,
  registro: Omit<RegistroTransmissao, 'servico' | 'url' | 'ambiente' | 'requisicao'>,
): Promise<ResultadoChamada> {
  const { url } = enderecoSefaz(
    {
      uf: chamada.uf,
      modelo: chamada.modelo,
      ambiente: chamada.ambiente,
      servico: chamada.servico,
      ...(chamada.autorizador ? { autorizador: chamada.autorizador } : {}),
    },
    servicos.config.sefazUrlBase,
  );
  const transmissaoId = await registrarTransmissao(servicos, escopo, {
    ...registro,
    servico: chamada.servico,
    url,
    ambiente: chamada.ambiente,
    requisicao: chamada.mensagem,
  });
  try {
    const resposta = await chamarSefaz({
      url,
      servico: chamada.servico,
      mensagem: chamada.mensagem,
      tls: chamada.tls,
      timeoutMs: servicos.config.sefazTimeoutMs,
    });
    return { ok: true, resposta, url, transmissaoId };
  } catch (error) {
    const erro =
      error instanceof ErroConexaoSefaz
        ? error
        : new ErroConexaoSefaz('conexao', error instanceof Error ? error.message : String(error), false);
    await servicos.db.withTenant(escopo, (tx) =>
      concluirTransmissao(tx, transmissaoId, { erro: `${erro.tipo}: ${erro.message}` }),
    );
    return { ok: false, erro, url, transmissaoId };
  }
}
