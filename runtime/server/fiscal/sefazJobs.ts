import type { JobQueue } from '../plugins/jobs.ts';
import {
  consultarRecibo,
  type DadosJobSefaz,
  FILA_RECIBO,
  FILA_TRANSMITIR,
  type ServicosTransmissao,
  SITUACAO,
  transmitirPendente,
} from './transmissaoNotaFiscal.ts';

/** Retries of a job before it gives up (the nota keeps its state; Consultar/Emitir can go on by hand). */
const TENTATIVAS = 2_880;

const escopoDo = (dados: DadosJobSefaz) => ({
  empresaId: dados.empresaId,
  filialId: dados.filialId,
  ...(dados.usuarioId ? { usuarioId: dados.usuarioId } : {}),
});

/**
 * Creates the SEFAZ queues (stately: at most one queued and one running job per nota — singletonKey
 * empresa-nota) with a fixed retry delay of SEFAZ_RETRY_SECONDS.
 */
export async function createSefazQueues(jobs: JobQueue, retrySeconds: number): Promise<void> {
  for (const fila of [FILA_RECIBO, FILA_TRANSMITIR])
    await jobs.createQueue(fila, {
      policy: 'stately',
      retryLimit: TENTATIVAS,
      retryDelay: retrySeconds,
      retryBackoff: false,
    });
}

/**
 * Works the SEFAZ jobs in this process: polling a lote's recibo until SEFAZ processes it (105 → retry),
 * and transmitting a nota left without an answer or issued in offline contingency until SEFAZ answers.
 * A job throws to be retried; every outcome is applied under the nota's row lock and only from the
 * expected state, so a job running twice (or beside a user's Consultar) never posts twice.
 */
export async function workSefazJobs(servicos: ServicosTransmissao & { jobs: JobQueue }): Promise<void> {
  await createSefazQueues(servicos.jobs, servicos.config.sefazRetrySeconds);
  await servicos.jobs.work<DadosJobSefaz>(FILA_RECIBO, async (dados) => {
    const { pendente } = await consultarRecibo(servicos, escopoDo(dados), dados.notaId);
    if (pendente) throw new Error('lote ainda em processamento na SEFAZ');
  });
  await servicos.jobs.work<DadosJobSefaz>(FILA_TRANSMITIR, async (dados) => {
    const estado = await transmitirPendente(servicos, escopoDo(dados), dados.notaId);
    if (estado.situacao === SITUACAO.ERRO || estado.situacao === SITUACAO.CONTINGENCIA)
      throw new Error(`nota ainda sem resposta da SEFAZ: ${estado.xMotivo ?? ''}`);
  });
}
