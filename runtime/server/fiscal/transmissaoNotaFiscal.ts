import type { SchemaFiles } from '../../core/validateSchemaSet.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import type { Realtime } from '../plugins/realtime.ts';
import { type DomainEvent, domainEvents } from '../postings/domainEvents.ts';
import { estornarVendaPdv } from '../postings/pdv/pdvEstornar.ts';
import { runAction } from '../services/documents/runAction.ts';
import type { RecordContext } from '../services/records/recordContext.ts';
import { recordEntity } from '../services/records/recordEntity.ts';
import type { WebhookOutbox } from '../services/webhooks/webhookOutbox.ts';
import { type EscopoEmissao, type XmlNota, xmlNotaFiscal } from './emissaoNotaFiscal.ts';
import { enviarNotaPorEmail } from './notaFiscalJobs.ts';
import {
  chamarComRegistro,
  concluirTransmissao,
  registrarTransmissao,
  type ServicosSefaz,
  tlsDaFilial,
} from './sefaz/clienteSefaz.ts';
import { CODIGO_UF, enderecoSefaz, svcDaUf } from './sefaz/endpointsSefaz.ts';
import {
  blocoTag,
  lerRetConsReciNFe,
  lerRetConsSitNFe,
  lerRetEnviNFe,
  montarConsReciNFe,
  montarConsSitNFe,
  montarEnviNFe,
  montarNfeProc,
  type Protocolo,
} from './sefaz/mensagensSefaz.ts';
import type { TlsSefaz } from './sefaz/soapSefaz.ts';

/** situacaoDocumentoFiscal codes (schemas/enums/situacaoDocumentoFiscal.enum.json). */
export const SITUACAO = {
  EM_DIGITACAO: 0,
  AUTORIZADO: 1,
  CANCELADO: 2,
  REJEITADO: 3,
  DENEGADO: 4,
  CONTINGENCIA: 5,
  ERRO: 6,
  EM_PROCESSAMENTO: 7,
  INUTILIZADO: 8,
} as const;

export const ROTULO_SITUACAO: Record<number, string> = {
  0: 'Em digitação',
  1: 'Autorizado',
  2: 'Cancelado',
  3: 'Rejeitado',
  4: 'Denegado',
  5: 'Em contingência',
  6: 'Erro',
  7: 'Em processamento',
  8: 'Inutilizado',
};

/** cStat of a denial: the number is used and the note cannot be reissued (MOC 4.00). */
const DENEGACOES = new Set([110, 205, 301, 302, 303]);
/** cStat of a stopped service: the contingency path, as a transport failure. */
const PARALISADO = new Set([108, 109]);

/** Queues of the SEFAZ jobs (sefazJobs.ts works them). */
export const FILA_RECIBO = 'sefaz-consultar-recibo';
export const FILA_TRANSMITIR = 'sefaz-transmitir';

export interface DadosJobSefaz {
  empresaId: number;
  filialId: number;
  usuarioId?: number;
  notaId: number;
}

/** What the transmission services need of the server. */
export interface ServicosTransmissao extends ServicosSefaz {
  schemas: SchemaFiles;
  jobs?: JobQueue;
  /** The launches' domain events go to the webhook outbox in their transaction, as the action routes do. */
  webhookOutbox?: WebhookOutbox;
  realtime?: Realtime;
  log?: { error(object: object, message: string): void };
}

/** Domain events of the nota's actions run in a transaction, emitted after its commit (comTransacao). */
const eventosDaTransacao = new WeakMap<Tx, DomainEvent[]>();
/** Notas authorised in a transaction: their XML + DANFE e-mail is queued after its commit (comTransacao). */
const autorizadasDaTransacao = new WeakMap<Tx, number[]>();

/**
 * A tenant transaction whose nota actions (launches, estornos) are announced like the action routes
 * announce them: written to the webhook outbox inside it, emitted in process and to the empresa's
 * browsers after the commit — never for a rolled-back one.
 */
export async function comTransacao<T>(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  let eventos: DomainEvent[] = [];
  let autorizadas: number[] = [];
  const resultado = await servicos.db.withTenant(escopo, async (tx) => {
    const valor = await fn(tx);
    eventos = eventosDaTransacao.get(tx) ?? [];
    autorizadas = autorizadasDaTransacao.get(tx) ?? [];
    return valor;
  });
  for (const evento of eventos) {
    domainEvents.emit(evento.event, evento);
    domainEvents.emit('*', evento);
    servicos.realtime?.emitToEmpresa(evento.empresaId, evento.event, evento);
  }
  if (eventos.length > 0) servicos.webhookOutbox?.kick();
  // Only once committed: a job must find the nfeProc stored. The e-mail job skips a destinatário without
  // e-mail and a configuração that turns the automatic e-mail off.
  const jobs = servicos.jobs;
  if (jobs)
    for (const notaId of autorizadas)
      await enviarNotaPorEmail(jobs, escopo, notaId).catch((error: unknown) =>
        servicos.log?.error({ err: error, notaId }, 'e-mail da nota autorizada não enfileirado'),
      );
  return resultado;
}

/** A nota's state after a SEFAZ operation, as a screen shows it. */
export interface EstadoNota {
  id: number;
  situacao: number;
  situacaoDescricao: string;
  modelo: 55 | 65 | null;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  protocolo: string | null;
  tipoEmissao: number | null;
  cStat: number | null;
  xMotivo: string | null;
  recibo: string | null;
  /** What went wrong besides SEFAZ's answer (a launch refused after the authorisation…). */
  avisos: string[];
}

interface NotaRow {
  id: number;
  situacao: number;
  numero: number | null;
  serie: number | null;
  chave: string | null;
  protocolo: string | null;
  motivo_rejeicao: string | null;
  xml: string | null;
}

interface UltimoEnvio {
  id: number;
  servico: string;
  requisicao: string;
  chave: string | null;
  tipo_emissao: number | null;
  ambiente: 1 | 2;
  recibo: string | null;
  c_stat: number | null;
  x_motivo: string | null;
  erro: string | null;
}

const UF_DO_CODIGO = Object.fromEntries(Object.entries(CODIGO_UF).map(([uf, codigo]) => [codigo, uf]));
export const ufDaChave = (chave: string) => UF_DO_CODIGO[chave.slice(0, 2)] ?? '';
export const modeloDaChave = (chave: string) => (chave.slice(20, 22) === '65' ? 65 : 55) as 55 | 65;
export const tipoEmissaoDaChave = (chave: string) => Number(chave.slice(34, 35));
const cnpjDaChave = (chave: string) => chave.slice(6, 20);
const autorizadorDoTipo = (tipoEmissao: number) =>
  tipoEmissao === 6 || tipoEmissao === 7 ? 'svc' : 'normal';

const naoEncontrada = () => new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');

async function lerNota(tx: Tx, escopo: EscopoEmissao, notaId: number, travar: boolean): Promise<NotaRow> {
  const nota = await tx.maybeOne<NotaRow>(
    `SELECT id::int AS id, situacao::int AS situacao, numero::int AS numero, serie::int AS serie, chave, protocolo,
            motivo_rejeicao, xml
       FROM nota_fiscal WHERE id = $1 AND filial_id = $2${travar ? ' FOR UPDATE' : ''}`,
    [notaId, escopo.filialId],
  );
  if (!nota) throw naoEncontrada();
  return nota;
}

/** The last authorisation request of the nota (sent, or the offline contingency XML kept to be sent). */
function ultimoEnvio(tx: Tx, escopo: EscopoEmissao, notaId: number, comRecibo = false) {
  return tx.maybeOne<UltimoEnvio>(
    `SELECT id::int AS id, servico, requisicao, chave, tipo_emissao::int AS tipo_emissao, ambiente::int AS ambiente,
            recibo, c_stat::int AS c_stat, x_motivo, erro
       FROM nota_fiscal_transmissao
      WHERE empresa_id = $1 AND documento_tipo = 'notaFiscal' AND documento_id = $2
        AND servico IN ('NFeAutorizacao4', 'contingenciaOffline')${comRecibo ? ' AND recibo IS NOT NULL' : ''}
      ORDER BY id DESC LIMIT 1`,
    [escopo.empresaId, notaId],
  );
}

/** The signed NFe inside a stored request (enviNFe, or the NFe itself for the offline contingency). */
function nfeDaRequisicao(requisicao: string): string {
  const nfe = blocoTag(requisicao, 'NFe');
  if (!nfe) throw new Error('requisição sem NFe');
  return nfe;
}

function estadoDe(
  nota: NotaRow,
  extra: { cStat?: number | null; xMotivo?: string | null; recibo?: string | null; avisos?: string[] } = {},
): EstadoNota {
  const chave = nota.chave;
  return {
    id: nota.id,
    situacao: nota.situacao,
    situacaoDescricao: ROTULO_SITUACAO[nota.situacao] ?? String(nota.situacao),
    modelo: chave ? modeloDaChave(chave) : null,
    serie: nota.serie,
    numero: nota.numero,
    chave,
    protocolo: nota.protocolo,
    tipoEmissao: chave ? tipoEmissaoDaChave(chave) : null,
    cStat: extra.cStat ?? null,
    xMotivo: extra.xMotivo ?? nota.motivo_rejeicao,
    recibo: extra.recibo ?? null,
    avisos: extra.avisos ?? [],
  };
}

async function estadoAtual(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  extra: Parameters<typeof estadoDe>[1] = {},
): Promise<EstadoNota> {
  const nota = await servicos.db.withTenant(escopo, (tx) => lerNota(tx, escopo, notaId, false), {
    readOnly: true,
  });
  return estadoDe(nota, extra);
}

function xmlInvalido(montada: XmlNota): HttpError {
  const primeiro = montada.erros[0];
  return new HttpError(
    422,
    'XML_INVALIDO',
    `O XML da nota não passou na validação do schema oficial (${montada.pacote}) e não foi enviado à SEFAZ${primeiro ? `: ${primeiro.campo ? `${primeiro.campo}: ` : ''}${primeiro.mensagem}` : '.'}`,
    { erros: montada.erros },
  );
}

async function configuracaoEnvio(tx: Tx, filialId: number) {
  const row = await tx.maybeOne<{ contingencia: boolean | null; ambiente: number }>(
    `SELECT contingencia_automatica AS contingencia, ambiente::int AS ambiente FROM configuracao_nfe
      WHERE filial_id = $1 ORDER BY id LIMIT 1`,
    [filialId],
  );
  return { contingencia: row?.contingencia !== false };
}

/** A records context of notaFiscal in `tx` (the nota's actions run through it, as the API runs them). */
function contextoNota(tx: Tx, escopo: EscopoEmissao, schemas: SchemaFiles): RecordContext {
  const lookup = (name: string) => recordEntity(schemas, name);
  return {
    tx,
    record: lookup('notaFiscal'),
    scope: { empresaId: escopo.empresaId, filialId: escopo.filialId, usuarioId: escopo.usuarioId ?? 0 },
    targetOf: lookup,
    lookupTarget: lookup,
  };
}

/**
 * Runs the nota's actions `acoes` (lancarEstoque, lancarContas, estornarEstoque, estornarContas) that
 * apply, each in a savepoint: the fiscal fact (authorised, cancelled) stands even when a launch is refused
 * (a título with a baixa, a nota that differs from its pedido), which comes back as a warning. Only for a
 * nota prepared from a pedido in nota fiscal mode, and only the launches not yet made (or made by it):
 * launching twice is impossible (the pedido's E/C flags and the ledgers' UNIQUE origem hold it anyway).
 */
export async function executarAcoesNota(
  tx: Tx,
  escopo: EscopoEmissao,
  servicos: ServicosTransmissao,
  notaId: number,
  tipo: 'lancar' | 'estornar',
): Promise<string[]> {
  const nota = await tx.maybeOne<{
    pedido_venda_id: number | null;
    tipo_operacao: number;
    estoque: string | null;
    contas: string | null;
    lancar_por: string | null;
    tipo_pedido: number | null;
    caixa_id: number | null;
  }>(
    `SELECT n.pedido_venda_id::int AS pedido_venda_id, n.tipo_operacao::int AS tipo_operacao, n.caixa_id::int AS caixa_id,
            n.estoque_lancado_por AS estoque, n.contas_lancadas_por AS contas, p.lancar_por, p.tipo::int AS tipo_pedido
       FROM nota_fiscal n LEFT JOIN pedido_venda p ON p.id = n.pedido_venda_id WHERE n.id = $1`,
    [notaId],
  );
  // A Frente de caixa sale posted its stock and cash when it was sold: a cancellation reverses them.
  if (nota?.caixa_id != null)
    return tipo === 'estornar'
      ? estornarVendaPdv(
          tx,
          { empresaId: escopo.empresaId, filialId: escopo.filialId, usuarioId: escopo.usuarioId ?? 0 },
          notaId,
        )
      : [];
  if (!nota || nota.pedido_venda_id === null || nota.tipo_operacao !== 1) return [];
  const acoes: { acao: string; rotulo: string }[] = [];
  if (tipo === 'lancar') {
    if (nota.lancar_por !== 'notaFiscal') return [];
    if (nota.estoque === null && (nota.tipo_pedido ?? 0) === 0)
      acoes.push({ acao: 'lancarEstoque', rotulo: 'Estoque não lançado' });
    if (nota.contas === null) acoes.push({ acao: 'lancarContas', rotulo: 'Contas não lançadas' });
  } else {
    if (nota.estoque === 'notaFiscal')
      acoes.push({ acao: 'estornarEstoque', rotulo: 'Estoque não estornado' });
    if (nota.contas === 'notaFiscal') acoes.push({ acao: 'estornarContas', rotulo: 'Contas não estornadas' });
  }
  const contexto = contextoNota(tx, escopo, servicos.schemas);
  const avisos: string[] = [];
  for (const { acao, rotulo } of acoes) {
    const declarada = contexto.record.entity.actions?.find((a) => a.action === acao);
    if (!declarada) continue;
    await tx.query('SAVEPOINT acao_nota');
    try {
      await runAction(contexto, notaId, declarada, new Date().toISOString());
      await tx.query('RELEASE SAVEPOINT acao_nota');
      const evento: DomainEvent = { event: `notaFiscal.${acao}`, id: notaId, empresaId: escopo.empresaId };
      await servicos.webhookOutbox?.write(tx, evento);
      const eventos = eventosDaTransacao.get(tx) ?? [];
      eventos.push(evento);
      eventosDaTransacao.set(tx, eventos);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT acao_nota');
      avisos.push(`${rotulo}: ${error.message}`);
    }
  }
  return avisos;
}

async function agendar(servicos: ServicosTransmissao, fila: string, dados: DadosJobSefaz): Promise<boolean> {
  if (!servicos.jobs) return false;
  try {
    await servicos.jobs.send(fila, dados, {
      singletonKey: `${dados.empresaId}-${dados.notaId}`,
      startAfter: servicos.config.sefazRetrySeconds,
    });
  } catch {
    // Already queued for this nota (stately queue): that job does it.
  }
  return true;
}

interface Envio {
  modelo: 55 | 65;
  uf: string;
  ambiente: 1 | 2;
  tipoEmissao: number;
  chave: string;
  tls: TlsSefaz;
  /** Contingency allowed when this send gets no answer (the configuração's, and only from tpEmis 1). */
  contingencia: boolean;
  versaoQrCode?: 2 | 3;
}

/**
 * Applies a protNFe to the nota in `tx` (locked): 100/150 authorised — nfeProc stored, then the
 * pedido's stock and títulos launched once; a denial; or a rejection with SEFAZ's motive.
 */
async function aplicarProtocolo(
  tx: Tx,
  escopo: EscopoEmissao,
  servicos: ServicosTransmissao,
  notaId: number,
  nfeAssinada: string,
  protocolo: Protocolo,
): Promise<{ avisos: string[] }> {
  const atual = await lerNota(tx, escopo, notaId, true);
  if (atual.situacao === SITUACAO.AUTORIZADO || atual.situacao === SITUACAO.CANCELADO) return { avisos: [] };
  const motivo = `${protocolo.cStat} - ${protocolo.xMotivo}`;
  if (protocolo.cStat === 100 || protocolo.cStat === 150) {
    await tx.query(
      `UPDATE nota_fiscal SET situacao = $2, protocolo = $3, chave = $4, xml = $5, motivo_rejeicao = NULL,
              versao = versao + 1, alterado_em = now()
        WHERE id = $1`,
      [
        notaId,
        SITUACAO.AUTORIZADO,
        protocolo.protocolo,
        protocolo.chave,
        montarNfeProc(nfeAssinada, protocolo.xml),
      ],
    );
    autorizadasDaTransacao.set(tx, [...(autorizadasDaTransacao.get(tx) ?? []), notaId]);
    // A contingency NFC-e already launched when it was issued: executarAcoes only does what is missing.
    const avisos = await executarAcoesNota(tx, escopo, servicos, notaId, 'lancar');
    // Kept on the nota too: an authorisation applied by a job has no caller to show them to.
    if (avisos.length > 0)
      await tx.query('UPDATE nota_fiscal SET motivo_rejeicao = $2 WHERE id = $1', [
        notaId,
        `Autorizada, mas com pendências: ${avisos.join(' ')}`.slice(0, 2000),
      ]);
    return { avisos };
  }
  if (DENEGACOES.has(protocolo.cStat)) {
    await tx.query(
      `UPDATE nota_fiscal SET situacao = $2, protocolo = $3, chave = $4, xml = $5, motivo_rejeicao = $6,
              versao = versao + 1, alterado_em = now()
        WHERE id = $1`,
      [
        notaId,
        SITUACAO.DENEGADO,
        protocolo.protocolo,
        protocolo.chave,
        montarNfeProc(nfeAssinada, protocolo.xml),
        motivo,
      ],
    );
    return { avisos: [] };
  }
  await rejeitar(tx, notaId, motivo);
  return { avisos: [] };
}

/** A rejection: the number stays with the nota (not used at SEFAZ: the corrected note is sent with it). */
async function rejeitar(tx: Tx, notaId: number, motivo: string): Promise<void> {
  await tx.query(
    `UPDATE nota_fiscal SET situacao = $2, chave = NULL, protocolo = NULL, motivo_rejeicao = $3,
            versao = versao + 1, alterado_em = now()
      WHERE id = $1 AND situacao NOT IN (1, 2, 4)`,
    [notaId, SITUACAO.REJEITADO, motivo.slice(0, 2000)],
  );
}

async function marcar(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  situacao: number,
  motivo: string | null,
  chave?: string,
): Promise<void> {
  await servicos.db.withTenant(escopo, (tx) =>
    tx.query(
      `UPDATE nota_fiscal SET situacao = $2, motivo_rejeicao = $3, chave = COALESCE($4, chave), versao = versao + 1,
              alterado_em = now()
        WHERE id = $1 AND situacao NOT IN (1, 2, 4)`,
      [notaId, situacao, motivo?.slice(0, 2000) ?? null, chave ?? null],
    ),
  );
}

/**
 * consSitNFe of `chave` and, when SEFAZ has it authorised (or denied), adopts its protocol with the
 * signed NFe we sent (204 duplicidade, a lost answer, a crash mid-request).
 */
async function consultarEAdotar(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  nfeAssinada: string,
  envio: Pick<Envio, 'modelo' | 'uf' | 'ambiente' | 'tipoEmissao' | 'chave' | 'tls'>,
): Promise<{ cStat: number; xMotivo: string; adotado: boolean; avisos: string[] } | null> {
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: envio.uf,
      modelo: envio.modelo,
      ambiente: envio.ambiente,
      servico: 'NFeConsultaProtocolo4',
      autorizador: autorizadorDoTipo(envio.tipoEmissao),
      mensagem: montarConsSitNFe(envio.ambiente, envio.chave),
      tls: envio.tls,
    },
    { documentoTipo: 'notaFiscal', documentoId: notaId, chave: envio.chave, tipoEmissao: envio.tipoEmissao },
  );
  if (!r.ok) return null;
  const ret = lerRetConsSitNFe(r.resposta.mensagem);
  const prot = ret.protocolo;
  const adotar =
    prot &&
    prot.chave === envio.chave &&
    (prot.cStat === 100 || prot.cStat === 150 || DENEGACOES.has(prot.cStat));
  return comTransacao(servicos, escopo, async (tx) => {
    await concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      protocolo: prot?.protocolo ?? null,
    });
    if (!adotar || !prot) return { cStat: ret.cStat, xMotivo: ret.xMotivo, adotado: false, avisos: [] };
    const { avisos } = await aplicarProtocolo(tx, escopo, servicos, notaId, nfeAssinada, prot);
    return { cStat: prot.cStat, xMotivo: prot.xMotivo, adotado: true, avisos };
  });
}

/**
 * Sends a signed NFe (NFeAutorizacao4: NFC-e synchronous, NF-e in a lote) and applies the answer; no
 * answer goes to semResposta (contingency or a later resend).
 */
async function enviarAutorizacao(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  nfeAssinada: string,
  envio: Envio,
): Promise<EstadoNota> {
  const sincrono = envio.modelo === 65;
  const idLote = `${Date.now()}`.slice(-15);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: envio.uf,
      modelo: envio.modelo,
      ambiente: envio.ambiente,
      servico: 'NFeAutorizacao4',
      autorizador: autorizadorDoTipo(envio.tipoEmissao),
      mensagem: montarEnviNFe(nfeAssinada, idLote, sincrono),
      tls: envio.tls,
    },
    { documentoTipo: 'notaFiscal', documentoId: notaId, chave: envio.chave, tipoEmissao: envio.tipoEmissao },
  );
  if (!r.ok) return semResposta(servicos, escopo, notaId, envio, r.erro.message);
  const ret = lerRetEnviNFe(r.resposta.mensagem);
  if (PARALISADO.has(ret.cStat)) {
    await servicos.db.withTenant(escopo, (tx) =>
      concluirTransmissao(tx, r.transmissaoId, {
        resposta: r.resposta.envelope,
        cStat: ret.cStat,
        xMotivo: ret.xMotivo,
      }),
    );
    return semResposta(servicos, escopo, notaId, envio, `${ret.cStat} - ${ret.xMotivo}`);
  }
  const prot = ret.protocolo;
  const duplicidade = ret.cStat === 204 || prot?.cStat === 204;
  const resultado = await comTransacao(servicos, escopo, async (tx) => {
    await concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: prot?.cStat ?? ret.cStat,
      xMotivo: prot?.xMotivo ?? ret.xMotivo,
      protocolo: prot?.protocolo ?? null,
      recibo: ret.recibo,
    });
    if (duplicidade) return { avisos: [] as string[] };
    if (prot) return aplicarProtocolo(tx, escopo, servicos, notaId, nfeAssinada, prot);
    if (ret.cStat === 103) {
      await tx.query(
        `UPDATE nota_fiscal SET situacao = $2, chave = $3, motivo_rejeicao = NULL, versao = versao + 1, alterado_em = now()
          WHERE id = $1`,
        [notaId, SITUACAO.EM_PROCESSAMENTO, envio.chave],
      );
      return { avisos: [] as string[] };
    }
    await rejeitar(tx, notaId, `${ret.cStat} - ${ret.xMotivo}`);
    return { avisos: [] as string[] };
  });
  if (duplicidade) {
    // Already received by SEFAZ (an earlier send whose answer was lost): its protocol is adopted.
    const adotado = await consultarEAdotar(servicos, escopo, notaId, nfeAssinada, envio);
    if (adotado?.adotado)
      return estadoAtual(servicos, escopo, notaId, {
        cStat: adotado.cStat,
        xMotivo: adotado.xMotivo,
        avisos: adotado.avisos,
      });
    await servicos.db.withTenant(escopo, (tx) =>
      rejeitar(tx, notaId, `${prot?.cStat ?? ret.cStat} - ${prot?.xMotivo ?? ret.xMotivo}`),
    );
    return estadoAtual(servicos, escopo, notaId, {
      cStat: prot?.cStat ?? ret.cStat,
      xMotivo: prot?.xMotivo ?? ret.xMotivo,
    });
  }
  if (ret.cStat === 103 && ret.recibo) {
    await agendar(servicos, FILA_RECIBO, { ...escopo, notaId });
    return estadoAtual(servicos, escopo, notaId, { cStat: 103, xMotivo: ret.xMotivo, recibo: ret.recibo });
  }
  return estadoAtual(servicos, escopo, notaId, {
    cStat: prot?.cStat ?? ret.cStat,
    xMotivo: prot?.xMotivo ?? ret.xMotivo,
    avisos: resultado.avisos,
  });
}

const justificativaContingencia = (motivo: string) =>
  `SEFAZ autorizadora sem resposta: ${motivo}`.replace(/\s+/g, ' ').slice(0, 256);

/**
 * No answer (timeout, connection refused, 108/109): with contingency allowed, an NFC-e is issued offline
 * (tpEmis 9, same number, stored, transmitted later by a job) and an NF-e goes to its UF's SVC (tpEmis
 * 6/7); otherwise the nota is marked ERRO and the same signed XML is resent by a job.
 */
async function semResposta(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  envio: Envio,
  motivoSemResposta: string,
): Promise<EstadoNota> {
  let motivo = motivoSemResposta;
  const nota = await servicos.db.withTenant(escopo, (tx) => lerNota(tx, escopo, notaId, false), {
    readOnly: true,
  });
  if (envio.contingencia && envio.tipoEmissao === 1 && nota.numero !== null && nota.serie !== null) {
    try {
      const emContingencia = await contingenciaAutomatica(servicos, escopo, notaId, envio, motivo, {
        serie: nota.serie,
        numero: nota.numero,
      });
      if (emContingencia) return emContingencia;
    } catch (error) {
      // The contingency XML could not be built (no CSC for the offline QR code…): the nota waits in ERRO.
      if (!(error instanceof HttpError)) throw error;
      motivo = `${motivo}; contingência indisponível: ${error.message}`;
    }
  }
  await marcar(
    servicos,
    escopo,
    notaId,
    SITUACAO.ERRO,
    `Sem resposta da SEFAZ (${motivo}). A nota será reenviada automaticamente com a mesma chave.`,
    envio.chave,
  );
  await agendar(servicos, FILA_TRANSMITIR, { ...escopo, notaId });
  return estadoAtual(servicos, escopo, notaId);
}

/**
 * The automatic contingency of an emission without answer: NFC-e offline (tpEmis 9: stored, launched,
 * transmitted later by a job) or NF-e in the UF's SVC (tpEmis 6/7, sent now). Null when it cannot apply.
 */
async function contingenciaAutomatica(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  envio: Envio,
  motivo: string,
  nota: { serie: number; numero: number },
): Promise<EstadoNota | null> {
  const contingencia = { inicio: new Date(), justificativa: justificativaContingencia(motivo) };
  const codigoNumerico = envio.chave.slice(35, 43);
  if (envio.modelo === 65) {
    const offline = await xmlNotaFiscal(servicos.db, escopo, notaId, servicos.config.dataDir, {
      modelo: 65,
      serie: nota.serie,
      numero: nota.numero,
      tipoEmissao: 9,
      contingencia,
      codigoNumerico,
      // The same QR code version as the normal emission (v3 offline signs its fields with the A1).
      ...(envio.versaoQrCode ? { versaoQrCode: envio.versaoQrCode } : {}),
    });
    if (offline.valido) {
      const id = await registrarTransmissao(servicos, escopo, {
        documentoTipo: 'notaFiscal',
        documentoId: notaId,
        servico: 'contingenciaOffline',
        url: null,
        ambiente: envio.ambiente,
        tipoEmissao: 9,
        chave: offline.chave,
        requisicao: offline.xml,
      });
      const avisos = await comTransacao(servicos, escopo, async (tx) => {
        await concluirTransmissao(tx, id, {
          xMotivo: `Emitida em contingência offline (tpEmis 9): ${contingencia.justificativa}`,
        });
        await lerNota(tx, escopo, notaId, true);
        await tx.query(
          `UPDATE nota_fiscal SET situacao = $2, chave = $3, motivo_rejeicao = $4, versao = versao + 1, alterado_em = now()
            WHERE id = $1`,
          [
            notaId,
            SITUACAO.CONTINGENCIA,
            offline.chave,
            `NFC-e emitida em contingência offline (${motivo}); será transmitida à SEFAZ automaticamente.`.slice(
              0,
              2000,
            ),
          ],
        );
        // The offline NFC-e is a valid document: the sale is launched now, once.
        return executarAcoesNota(tx, escopo, servicos, notaId, 'lancar');
      });
      await agendar(servicos, FILA_TRANSMITIR, { ...escopo, notaId });
      return estadoAtual(servicos, escopo, notaId, { avisos });
    }
  } else {
    const svc = svcDaUf(envio.uf);
    if (svc) {
      const emSvc = await xmlNotaFiscal(servicos.db, escopo, notaId, servicos.config.dataDir, {
        modelo: 55,
        serie: nota.serie,
        numero: nota.numero,
        tipoEmissao: svc.tpEmis,
        contingencia,
        codigoNumerico,
      });
      if (emSvc.valido)
        return enviarAutorizacao(servicos, escopo, notaId, emSvc.xml, {
          ...envio,
          tipoEmissao: svc.tpEmis,
          chave: emSvc.chave,
          contingencia: false,
        });
    }
  }
  return null;
}

/**
 * Takes the nota's number (série and next number of the configuração for the model, skipping numbers
 * already used in the branch) and marks it EM_PROCESSAMENTO, in one transaction with the nota locked:
 * two concurrent emissions cannot both pass, and a number is never given twice.
 */
async function reservarNumero(
  tx: Tx,
  escopo: EscopoEmissao,
  notaId: number,
  modelo: 55 | 65,
): Promise<{ serie: number; numero: number }> {
  const nota = await lerNota(tx, escopo, notaId, true);
  if (nota.situacao !== SITUACAO.EM_DIGITACAO && nota.situacao !== SITUACAO.REJEITADO)
    throw new HttpError(
      409,
      'NOTA_EM_PROCESSAMENTO',
      `Outra emissão desta nota chegou antes (situação ${ROTULO_SITUACAO[nota.situacao]}). Use Consultar para ver a resposta da SEFAZ.`,
    );
  let serie = nota.serie;
  let numero = nota.numero;
  if (numero === null || serie === null) {
    const config = await tx.one<{ serie: number; proximo: number }>(
      `SELECT ${modelo === 55 ? 'serie_nfe' : 'serie_nfce'}::int AS serie,
              ${modelo === 55 ? 'proximo_numero_nfe' : 'proximo_numero_nfce'}::int AS proximo
         FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1 FOR UPDATE`,
      [escopo.filialId],
    );
    serie = config.serie;
    // The next number no nota of the series holds and no inutilização covers (typed by hand, imported…).
    numero = config.proximo;
    for (;;) {
      const ocupado = await tx.maybeOne(
        `SELECT 1 FROM nota_fiscal WHERE filial_id = $1 AND serie = $2 AND numero = $3
         UNION ALL
         SELECT 1 FROM inutilizacao WHERE filial_id = $1 AND serie = $2 AND modelo = $4
            AND $3 BETWEEN numero_inicial AND numero_final
         LIMIT 1`,
        [escopo.filialId, serie, numero, modelo],
      );
      if (!ocupado) break;
      numero += 1;
    }
    await tx.query(
      `UPDATE configuracao_nfe SET ${modelo === 55 ? 'proximo_numero_nfe' : 'proximo_numero_nfce'} = $2
        WHERE id = (SELECT id FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1)`,
      [escopo.filialId, numero + 1],
    );
  }
  await tx.query(
    `UPDATE nota_fiscal SET serie = $2, numero = $3, situacao = $4, motivo_rejeicao = NULL, versao = versao + 1,
            alterado_em = now()
      WHERE id = $1`,
    [notaId, serie, numero, SITUACAO.EM_PROCESSAMENTO],
  );
  return { serie, numero };
}

/**
 * POST /api/NotasFiscais/{id}/emitir: builds (tax engine, layout 4.00), signs (the branch's A1) and
 * validates (the pinned PL) the note — any registration, certificate or schema problem is a 422 before a number
 * is taken or anything is sent — then takes the number, sends and applies SEFAZ's answer. Idempotent on
 * an authorised nota; a nota in contingency or without an answer is resent with the same chave.
 */
export async function emitirNotaFiscal(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
  opcoes: { modelo?: 55 | 65; versaoQrCode?: 2 | 3 } = {},
): Promise<EstadoNota> {
  const atual = await servicos.db.withTenant(escopo, (tx) => lerNota(tx, escopo, notaId, false), {
    readOnly: true,
  });
  switch (atual.situacao) {
    case SITUACAO.AUTORIZADO:
      return estadoDe(atual);
    case SITUACAO.CANCELADO:
    case SITUACAO.DENEGADO:
    case SITUACAO.INUTILIZADO:
      throw new HttpError(
        409,
        'NOTA_ENCERRADA',
        `A nota já foi encerrada na SEFAZ (situação ${ROTULO_SITUACAO[atual.situacao]}) e não pode ser emitida de novo.`,
      );
    case SITUACAO.EM_PROCESSAMENTO:
      throw new HttpError(
        409,
        'NOTA_EM_PROCESSAMENTO',
        'A nota já está em processamento na SEFAZ. Aguarde a resposta ou use Consultar.',
      );
    case SITUACAO.CONTINGENCIA:
    case SITUACAO.ERRO:
      return transmitirPendente(servicos, escopo, notaId);
  }
  const modelo = opcoes.modelo ?? 55;
  const anterior = await servicos.db.withTenant(escopo, (tx) => ultimoEnvio(tx, escopo, notaId), {
    readOnly: true,
  });
  const codigoNumerico = anterior?.chave ? anterior.chave.slice(35, 43) : undefined;
  const base = { modelo, ...(opcoes.versaoQrCode ? { versaoQrCode: opcoes.versaoQrCode } : {}) };
  // Everything that can be refused is checked before a number is taken: registrations, certificate,
  // schema, the UF's web service.
  let montada = await xmlNotaFiscal(servicos.db, escopo, notaId, servicos.config.dataDir, {
    ...base,
    ...(codigoNumerico ? { codigoNumerico } : {}),
  });
  if (!montada.valido) throw xmlInvalido(montada);
  enderecoSefaz({ uf: montada.ufEmitente, modelo, ambiente: montada.ambiente, servico: 'NFeAutorizacao4' });
  const tls = await tlsDaFilial(servicos, escopo, montada.cnpjEmitente);
  const { contingencia } = await servicos.db.withTenant(
    escopo,
    (tx) => configuracaoEnvio(tx, escopo.filialId),
    {
      readOnly: true,
    },
  );
  const reservado = await servicos.db.withTenant(escopo, (tx) => reservarNumero(tx, escopo, notaId, modelo));
  if (reservado.numero !== montada.numero || reservado.serie !== montada.serie) {
    try {
      montada = await xmlNotaFiscal(servicos.db, escopo, notaId, servicos.config.dataDir, {
        ...base,
        ...reservado,
        codigoNumerico: montada.codigoNumerico,
      });
      if (!montada.valido) throw xmlInvalido(montada);
    } catch (error) {
      await marcar(servicos, escopo, notaId, atual.situacao, atual.motivo_rejeicao);
      throw error;
    }
  }
  return enviarAutorizacao(servicos, escopo, notaId, montada.xml, {
    modelo,
    uf: montada.ufEmitente,
    ambiente: montada.ambiente,
    tipoEmissao: 1,
    chave: montada.chave,
    tls,
    contingencia,
    ...(opcoes.versaoQrCode ? { versaoQrCode: opcoes.versaoQrCode } : {}),
  });
}

/** The UF, ambiente and TLS to talk about an already-built nota (from its last request). */
async function envioDe(servicos: ServicosTransmissao, escopo: EscopoEmissao, envio: UltimoEnvio) {
  const chave = envio.chave ?? '';
  const tls = await tlsDaFilial(servicos, escopo, cnpjDaChave(chave));
  return {
    modelo: modeloDaChave(chave),
    uf: ufDaChave(chave),
    ambiente: envio.ambiente,
    tipoEmissao: tipoEmissaoDaChave(chave),
    chave,
    tls,
  };
}

/**
 * Resends the nota's stored signed XML (same chave): a nota in ERRO (no answer before) or in offline
 * contingency. The jobs call it until SEFAZ answers; a duplicidade (204) adopts the protocol. An offline
 * NFC-e whose first, normal send may have reached SEFAZ first looks that chave up: if it was authorised,
 * it is adopted and the offline XML is never sent.
 */
export async function transmitirPendente(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
): Promise<EstadoNota> {
  const { nota, envio } = await servicos.db.withTenant(
    escopo,
    async (tx) => ({
      nota: await lerNota(tx, escopo, notaId, false),
      envio: await ultimoEnvio(tx, escopo, notaId),
    }),
    { readOnly: true },
  );
  if (nota.situacao !== SITUACAO.ERRO && nota.situacao !== SITUACAO.CONTINGENCIA) return estadoDe(nota);
  if (!envio?.chave) throw new HttpError(409, 'NOTA_SEM_ENVIO', 'A nota ainda não foi montada: use Emitir.');
  const dados = await envioDe(servicos, escopo, envio);
  const nfe = nfeDaRequisicao(envio.requisicao);
  if (envio.servico === 'contingenciaOffline') {
    const original = await servicos.db.withTenant(
      escopo,
      (tx) =>
        tx.maybeOne<{ requisicao: string; chave: string }>(
          `SELECT requisicao, chave FROM nota_fiscal_transmissao
            WHERE empresa_id = $1 AND documento_tipo = 'notaFiscal' AND documento_id = $2 AND servico = 'NFeAutorizacao4'
              AND tipo_emissao = 1 AND erro IS NOT NULL AND id < $3 ORDER BY id DESC LIMIT 1`,
          [escopo.empresaId, notaId, envio.id],
        ),
      { readOnly: true },
    );
    if (original) {
      const achou = await consultarEAdotar(servicos, escopo, notaId, nfeDaRequisicao(original.requisicao), {
        ...dados,
        chave: original.chave,
        tipoEmissao: 1,
      });
      if (achou === null)
        return estadoAtual(servicos, escopo, notaId, { xMotivo: 'SEFAZ ainda sem resposta.' });
      if (achou.adotado) return estadoAtual(servicos, escopo, notaId, { ...achou });
    }
  }
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: dados.uf,
      modelo: dados.modelo,
      ambiente: dados.ambiente,
      servico: 'NFeAutorizacao4',
      autorizador: autorizadorDoTipo(dados.tipoEmissao),
      mensagem: montarEnviNFe(nfe, `${Date.now()}`.slice(-15), dados.modelo === 65),
      tls: dados.tls,
    },
    { documentoTipo: 'notaFiscal', documentoId: notaId, chave: dados.chave, tipoEmissao: dados.tipoEmissao },
  );
  if (!r.ok)
    return estadoAtual(servicos, escopo, notaId, { xMotivo: `Sem resposta da SEFAZ: ${r.erro.message}` });
  const ret = lerRetEnviNFe(r.resposta.mensagem);
  const prot = ret.protocolo;
  const cStat = prot?.cStat ?? ret.cStat;
  const xMotivo = prot?.xMotivo ?? ret.xMotivo;
  const resultado = await comTransacao(servicos, escopo, async (tx) => {
    await concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat,
      xMotivo,
      protocolo: prot?.protocolo ?? null,
      recibo: ret.recibo,
    });
    if (PARALISADO.has(ret.cStat) || cStat === 204) return { avisos: [] as string[], pendente: true };
    if (prot)
      return { ...(await aplicarProtocolo(tx, escopo, servicos, notaId, nfe, prot)), pendente: false };
    if (ret.cStat === 103) {
      await tx.query(
        `UPDATE nota_fiscal SET situacao = $2, versao = versao + 1, alterado_em = now() WHERE id = $1`,
        [notaId, SITUACAO.EM_PROCESSAMENTO],
      );
      return { avisos: [] as string[], pendente: false };
    }
    await rejeitar(tx, notaId, `${ret.cStat} - ${ret.xMotivo}`);
    return { avisos: [] as string[], pendente: false };
  });
  if (cStat === 204) {
    const adotado = await consultarEAdotar(servicos, escopo, notaId, nfe, dados);
    if (adotado?.adotado) return estadoAtual(servicos, escopo, notaId, { ...adotado });
  }
  if (ret.cStat === 103) await agendar(servicos, FILA_RECIBO, { ...escopo, notaId });
  return estadoAtual(servicos, escopo, notaId, {
    cStat,
    xMotivo,
    recibo: ret.recibo,
    avisos: resultado.avisos,
  });
}

/**
 * Polls a lote's recibo (NFeRetAutorizacao4): 105 still processing (the job tries again), 104 with the
 * nota's protNFe applied, or the lote's rejection. `pendente` says the caller should ask again.
 */
export async function consultarRecibo(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
): Promise<{ estado: EstadoNota; pendente: boolean }> {
  const { nota, envio } = await servicos.db.withTenant(
    escopo,
    async (tx) => ({
      nota: await lerNota(tx, escopo, notaId, false),
      envio: await ultimoEnvio(tx, escopo, notaId, true),
    }),
    { readOnly: true },
  );
  if (nota.situacao !== SITUACAO.EM_PROCESSAMENTO || !envio?.recibo || !envio.chave)
    return { estado: estadoDe(nota), pendente: false };
  const dados = await envioDe(servicos, escopo, envio);
  const r = await chamarComRegistro(
    servicos,
    escopo,
    {
      uf: dados.uf,
      modelo: dados.modelo,
      ambiente: dados.ambiente,
      servico: 'NFeRetAutorizacao4',
      autorizador: autorizadorDoTipo(dados.tipoEmissao),
      mensagem: montarConsReciNFe(dados.ambiente, envio.recibo),
      tls: dados.tls,
    },
    { documentoTipo: 'notaFiscal', documentoId: notaId, chave: dados.chave, tipoEmissao: dados.tipoEmissao },
  );
  if (!r.ok)
    return {
      estado: estadoDe(nota, { recibo: envio.recibo, xMotivo: `Sem resposta da SEFAZ: ${r.erro.message}` }),
      pendente: true,
    };
  const ret = lerRetConsReciNFe(r.resposta.mensagem);
  const prot = ret.protocolos.find((p) => p.chave === dados.chave) ?? null;
  const nfe = nfeDaRequisicao(envio.requisicao);
  const pendente = ret.cStat === 105 || PARALISADO.has(ret.cStat);
  const resultado = await comTransacao(servicos, escopo, async (tx) => {
    await concluirTransmissao(tx, r.transmissaoId, {
      resposta: r.resposta.envelope,
      cStat: prot?.cStat ?? ret.cStat,
      xMotivo: prot?.xMotivo ?? ret.xMotivo,
      protocolo: prot?.protocolo ?? null,
      recibo: envio.recibo,
    });
    if (pendente || prot?.cStat === 204) return { avisos: [] as string[] };
    if (prot) return aplicarProtocolo(tx, escopo, servicos, notaId, nfe, prot);
    await rejeitar(tx, notaId, `${ret.cStat} - ${ret.xMotivo}`);
    return { avisos: [] as string[] };
  });
  if (prot?.cStat === 204) {
    const adotado = await consultarEAdotar(servicos, escopo, notaId, nfe, dados);
    return {
      estado: await estadoAtual(servicos, escopo, notaId, adotado ?? {}),
      pendente: false,
    };
  }
  return {
    estado: await estadoAtual(servicos, escopo, notaId, {
      cStat: prot?.cStat ?? ret.cStat,
      xMotivo: prot?.xMotivo ?? ret.xMotivo,
      recibo: envio.recibo,
      avisos: resultado.avisos,
    }),
    pendente,
  };
}

/**
 * POST /api/NotasFiscais/{id}/consultar: a lote waiting for its recibo is polled; a nota in contingency
 * or without an answer is transmitted again; any other sent nota is looked up by its chave
 * (NFeConsultaProtocolo4), adopting SEFAZ's protocol when it has one we missed.
 */
export async function consultarNotaFiscal(
  servicos: ServicosTransmissao,
  escopo: EscopoEmissao,
  notaId: number,
): Promise<EstadoNota> {
  const { nota, envio } = await servicos.db.withTenant(
    escopo,
    async (tx) => ({
      nota: await lerNota(tx, escopo, notaId, false),
      envio: await ultimoEnvio(tx, escopo, notaId),
    }),
    { readOnly: true },
  );
  if (!envio?.chave)
    throw new HttpError(409, 'NOTA_NAO_TRANSMITIDA', 'A nota ainda não foi transmitida à SEFAZ: use Emitir.');
  if (nota.situacao === SITUACAO.EM_PROCESSAMENTO) {
    const comRecibo = await servicos.db.withTenant(escopo, (tx) => ultimoEnvio(tx, escopo, notaId, true), {
      readOnly: true,
    });
    if (comRecibo && comRecibo.id === envio.id)
      return (await consultarRecibo(servicos, escopo, notaId)).estado;
  }
  if (nota.situacao === SITUACAO.CONTINGENCIA || nota.situacao === SITUACAO.ERRO)
    return transmitirPendente(servicos, escopo, notaId);
  const chave = nota.chave ?? envio.chave;
  const dados = await envioDe(servicos, escopo, { ...envio, chave });
  const achou = await consultarEAdotar(servicos, escopo, notaId, nfeDaRequisicao(envio.requisicao), dados);
  if (achou === null)
    throw new HttpError(
      503,
      'SEFAZ_INDISPONIVEL',
      'A SEFAZ não respondeu à consulta. Tente novamente em alguns minutos.',
    );
  if (nota.situacao === SITUACAO.EM_PROCESSAMENTO && !achou.adotado && achou.cStat === 217) {
    // Sent but never received (the process stopped mid-request): sent again by the job, same chave.
    await marcar(servicos, escopo, notaId, SITUACAO.ERRO, `${achou.cStat} - ${achou.xMotivo}`);
    await agendar(servicos, FILA_TRANSMITIR, { ...escopo, notaId });
  }
  return estadoAtual(servicos, escopo, notaId, {
    cStat: achou.cStat,
    xMotivo: achou.xMotivo,
    avisos: achou.avisos,
  });
}
