import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { runInWorker } from '../../workers/runInWorker.ts';

/** Whose note: the branch's (RLS keeps other branches and companies out). */
export interface EscopoNota {
  empresaId: number;
  filialId: number;
  usuarioId?: number;
}

export interface NotaComXml {
  id: number;
  xml: string;
  chave: string | null;
  numero: number | null;
  serie: number | null;
  modelo: 55 | 65;
  /** situacaoDocumentoFiscal 2 CANCELADO. */
  cancelada: boolean;
  destinatarioId: number | null;
}

const GERAR_DANFE = new URL('./gerarDanfePdf.ts', import.meta.url);
/** SITUACAO CANCELADO of situacaoDocumentoFiscal. */
const CANCELADO = 2;

/**
 * The branch's note with its stored XML (the signed preview or the authorised nfeProc). 404 when the note is
 * not the branch's, and when it has no XML yet — there is nothing to print before the XML exists.
 */
export async function notaComXml(db: Database, escopo: EscopoNota, notaId: number): Promise<NotaComXml> {
  const nota = await db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<Omit<NotaComXml, 'modelo' | 'cancelada'> & { situacao: number | null }>(
        `SELECT id::int AS id, xml, chave, numero::int AS numero, serie::int AS serie, situacao::int AS situacao,
                destinatario_id::int AS "destinatarioId"
           FROM nota_fiscal WHERE id = $1 AND filial_id = $2`,
        [notaId, escopo.filialId],
      ),
    { readOnly: true },
  );
  if (!nota) throw new HttpError(404, 'REGISTRO_NAO_ENCONTRADO', 'Nota fiscal não encontrada.');
  if (!nota.xml?.trim())
    throw new HttpError(
      404,
      'NOTA_SEM_XML',
      'A nota ainda não tem XML: gere o XML (prévia) ou transmita a nota para imprimir o DANFE.',
    );
  const { situacao, ...resto } = nota;
  return {
    ...resto,
    xml: nota.xml,
    modelo: /<mod>65<\/mod>/.test(nota.xml) ? 65 : 55,
    cancelada: situacao === CANCELADO,
  };
}

/** The white-label's uploaded logo (PNG, JPEG, or SVG drawn as vectors by logoSvg.ts), read as the platform. */
async function logoDaEmpresa(db: Database, empresaId: number) {
  const row = await db.withSystem((tx) =>
    tx.maybeOne<{ logo: Buffer | null; logo_tipo: string | null }>(
      `SELECT w.logo, w.logo_tipo FROM empresa e JOIN config_white_label w ON w.id = e.config_white_label_id
        WHERE e.id = $1`,
      [empresaId],
    ),
  );
  return row?.logo && /png|jpe?g|svg/i.test(row.logo_tipo ?? '')
    ? { dados: new Uint8Array(row.logo), tipo: row.logo_tipo ?? 'image/png' }
    : null;
}

/** What a PDF is drawn from: a new XML, a cancellation or a new logo make a new impressão. */
function impressao(nota: NotaComXml, logo: { dados: Uint8Array } | null): string {
  return createHash('sha256')
    .update(nota.xml)
    .update(nota.cancelada ? '|cancelada|' : '|valida|')
    .update(logo ? createHash('sha256').update(logo.dados).digest('hex') : 'sem-logo')
    .digest('hex');
}

/** The stored PDF of the note when it still matches the note (same impressão), else null. */
export async function danfeArmazenado(
  db: Database,
  escopo: EscopoNota,
  nota: NotaComXml,
): Promise<{ pdf: Buffer | null; impressao: string; logo: Awaited<ReturnType<typeof logoDaEmpresa>> }> {
  const logo = await logoDaEmpresa(db, escopo.empresaId);
  const atual = impressao(nota, logo);
  const row = await db.withTenant(
    escopo,
    (tx) =>
      tx.maybeOne<{ pdf: Buffer }>(
        'SELECT pdf FROM nota_fiscal_danfe WHERE nota_fiscal_id = $1 AND impressao = $2',
        [nota.id, atual],
      ),
    { readOnly: true },
  );
  return { pdf: row?.pdf ?? null, impressao: atual, logo };
}

/** Draws the DANFE/DANFCE of an XML in a worker thread (pdfkit is CPU-bound), off the event loop. */
export async function desenharDanfeNoWorker(
  xml: string,
  opcoes: { cancelada: boolean; logo: Awaited<ReturnType<typeof logoDaEmpresa>> },
): Promise<Buffer> {
  return Buffer.from(
    await runInWorker<{ xml: string; cancelada: boolean; logo: typeof opcoes.logo }, Uint8Array>(
      GERAR_DANFE,
      { xml, ...opcoes },
      {
        timeoutMs: 60_000,
        maxHeapMb: 256,
        timeoutMessage: 'A geração do DANFE demorou demais. Tente novamente.',
      },
    ),
  );
}

/** The DANFE of a preview XML (built now, not stored): marked SEM VALOR FISCAL, as it has no protocol. */
export async function danfeDePrevia(db: Database, escopo: EscopoNota, xml: string): Promise<Buffer> {
  return desenharDanfeNoWorker(xml, { cancelada: false, logo: await logoDaEmpresa(db, escopo.empresaId) });
}

/**
 * Draws the DANFE/DANFCE of the note from its stored XML in a worker thread (pdfkit is CPU-bound) and keeps
 * it in nota_fiscal_danfe, unless the stored one still matches. The job queue's DANFE job and the e-mail job
 * call this; the route asks the queue for it.
 */
export async function gerarDanfeArmazenado(
  db: Database,
  escopo: EscopoNota,
  notaId: number,
): Promise<Buffer> {
  const nota = await notaComXml(db, escopo, notaId);
  const armazenado = await danfeArmazenado(db, escopo, nota);
  if (armazenado.pdf) return armazenado.pdf;
  const pdf = await desenharDanfeNoWorker(nota.xml, { cancelada: nota.cancelada, logo: armazenado.logo });
  await db.withTenant(escopo, (tx) =>
    tx.query(
      `INSERT INTO nota_fiscal_danfe (nota_fiscal_id, empresa_id, filial_id, impressao, pdf) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (nota_fiscal_id) DO UPDATE SET impressao = EXCLUDED.impressao, pdf = EXCLUDED.pdf, gerado_em = now()`,
      [nota.id, escopo.empresaId, escopo.filialId, armazenado.impressao, pdf],
    ),
  );
  return pdf;
}
