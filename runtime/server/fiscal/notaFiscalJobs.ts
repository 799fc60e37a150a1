import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { Mailer } from '../mail/createMailer.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import { type EscopoNota, gerarDanfeArmazenado } from './danfe/danfeDaNota.ts';
import { enviarEmailNotaAgora } from './emailNotaFiscal.ts';

/** Queue that draws and stores a note's DANFE. */
export const DANFE_QUEUE = 'nota-fiscal-danfe';
/** Queue that e-mails a note (XML + DANFE) to its destinatário. */
export const EMAIL_NOTA_QUEUE = 'nota-fiscal-email';

export interface NotaJobData extends EscopoNota {
  notaId: number;
  /** E-mail only: a resend asked by a user (ignores the automatic-send switch). */
  manual?: boolean;
}

export interface NotaFiscalJobServices {
  db: Database;
  mailer?: Mailer;
  log: { info(object: object, message?: string): void; warn(object: object, message?: string): void };
}

/** Creates the queues (idempotent). An e-mail is retried with backoff when the SMTP server is unreachable. */
export async function createNotaFiscalQueues(queue: JobQueue): Promise<void> {
  await queue.createQueue(DANFE_QUEUE, { retryLimit: 1, retryDelay: 2, expireInSeconds: 5 * 60 });
  await queue.createQueue(EMAIL_NOTA_QUEUE, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  });
}

/**
 * Queues the e-mail of a note to its destinatário (XML + DANFE PDF): what the transmission service calls once a
 * note is authorised (`manual` false: skipped when the configuração fiscal turns the automatic e-mail off), and
 * the resend route (`manual` true). Returns the job id.
 */
export function enviarNotaPorEmail(
  jobs: JobQueue,
  escopo: EscopoNota,
  notaId: number,
  opcoes: { manual?: boolean } = {},
): Promise<string> {
  const data: NotaJobData = {
    empresaId: escopo.empresaId,
    filialId: escopo.filialId,
    notaId,
    manual: opcoes.manual ?? false,
  };
  return jobs.send(EMAIL_NOTA_QUEUE, data);
}

/**
 * Queues the drawing of a note's DANFE (after authorisation or cancellation, or when the route asks for it). Two
 * jobs for one note are harmless: the second finds the PDF the first stored.
 */
export function agendarDanfe(jobs: JobQueue, escopo: EscopoNota, notaId: number): Promise<string> {
  const data: NotaJobData = { empresaId: escopo.empresaId, filialId: escopo.filialId, notaId };
  return jobs.send(DANFE_QUEUE, data);
}

const escopoDe = (data: NotaJobData): EscopoNota => ({ empresaId: data.empresaId, filialId: data.filialId });

/** Works both queues in this process (the API with JOBS_WORK, or `npm run worker`). */
export async function workNotaFiscalJobs(services: NotaFiscalJobServices, queue: JobQueue): Promise<void> {
  await createNotaFiscalQueues(queue);
  await queue.work<NotaJobData>(DANFE_QUEUE, async (data) => {
    try {
      await gerarDanfeArmazenado(services.db, escopoDe(data), data.notaId);
    } catch (error) {
      // A note removed or without XML has nothing to draw: not worth a retry.
      if (error instanceof HttpError && error.statusCode < 500) {
        services.log.warn({ notaId: data.notaId, err: error.message }, 'DANFE não gerado');
        return;
      }
      throw error;
    }
  });
  await queue.work<NotaJobData>(EMAIL_NOTA_QUEUE, async (data) => {
    if (!services.mailer) throw new Error('fila de e-mail das notas sem servidor de e-mail configurado');
    try {
      const para = await enviarEmailNotaAgora(
        { db: services.db, mailer: services.mailer },
        escopoDe(data),
        data.notaId,
        data.manual === true,
      );
      services.log.info(
        { notaId: data.notaId, para },
        para ? 'nota fiscal enviada por e-mail' : 'envio automático desligado',
      );
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        services.log.warn({ notaId: data.notaId, err: error.message }, 'nota fiscal não enviada por e-mail');
        return;
      }
      throw error;
    }
  });
}
