import type { SchemaIssue } from '../../../core/createSchemaValidator.ts';
import { isPlainObject } from '../../../core/mergePatch.ts';
import { schemaKind } from '../../../core/schemaKind.ts';
import type { Customizations } from '../../../core/studio/applyCustomizations.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

/** The operator who saves, publishes or restores (audit columns). */
export interface Autor {
  id: number;
  nome: string;
}

export interface Rascunho {
  caminho: string;
  /** The path's whole studio patch once published; null: "Restaurar padrão" (drop the path's customisation). */
  patch: Record<string, unknown> | null;
  revisao: number;
  autorNome: string | null;
  alteradoEm: string;
}

export interface Versao {
  versao: number;
  resumo: string | null;
  restauradaDe: number | null;
  autorNome: string | null;
  criadoEm: string;
  caminhos: string[];
}

/** The longest patch a single save may carry (a form with every section rewritten is ~20 kB). */
export const MAX_PATCH_BYTES = 256 * 1024;

/** The published studio layer of a white-label ({} and version 0 before the first publication). */
export async function loadPublished(
  tx: Tx,
  whiteLabelId: number,
): Promise<{ versao: number; patches: Customizations }> {
  const [row] = await tx.query<{ versao: number; patches: Customizations }>(
    `SELECT versao, patches FROM customizacao_versao WHERE config_white_label_id = $1
      ORDER BY versao DESC LIMIT 1`,
    [whiteLabelId],
  );
  return row ? { versao: Number(row.versao), patches: row.patches } : { versao: 0, patches: {} };
}

export async function loadDrafts(tx: Tx, whiteLabelId: number): Promise<Rascunho[]> {
  const rows = await tx.query<{
    caminho: string;
    patch: Record<string, unknown> | null;
    revisao: number;
    autor_nome: string | null;
    alterado_em: Date;
  }>(
    `SELECT caminho, patch, revisao, autor_nome, alterado_em FROM customizacao_rascunho
      WHERE config_white_label_id = $1 ORDER BY caminho`,
    [whiteLabelId],
  );
  return rows.map((row) => ({
    caminho: row.caminho,
    // A "restore default" draft is stored as JSON null.
    patch: isPlainObject(row.patch) ? row.patch : null,
    revisao: Number(row.revisao),
    autorNome: row.autor_nome,
    alteradoEm: new Date(row.alterado_em).toISOString(),
  }));
}

/** The studio layer with the drafts applied: each draft replaces its path's published patch (null removes it). */
export function withDrafts(published: Customizations, drafts: Array<Pick<Rascunho, 'caminho' | 'patch'>>) {
  const layer: Customizations = { ...published };
  for (const draft of drafts) {
    if (draft.patch === null) delete layer[draft.caminho];
    else layer[draft.caminho] = draft.patch;
  }
  return layer;
}

/** Refuses a path that is not a schema file of the set (the studio only names paths of the bundle). */
export function checkCaminho(caminho: string, schemas: Record<string, unknown>): void {
  if (schemaKind(caminho) === null || !(caminho in schemas))
    throw new HttpError(404, 'SCHEMA_DESCONHECIDO', `A tela ou o schema "${caminho}" não existe.`);
}

/** A 422 listing each problem of a refused customisation with the schema, the place and the rule. */
export function customizationRefused(issues: SchemaIssue[]): HttpError {
  const lines = issues
    .slice(0, 20)
    .map((issue) => `${issue.file}${issue.pointer === '/' ? '' : ` ${issue.pointer}`}: ${issue.message}`);
  return new HttpError(
    422,
    'PERSONALIZACAO_INVALIDA',
    `A personalização não foi salva: ${lines.join('; ')}${issues.length > 20 ? ` (e mais ${issues.length - 20})` : ''}.`,
    { problemas: issues },
  );
}

/**
 * Saves one path's draft. `revisao` is the draft revision the operator's screen started from (0 when it
 * had none): when another operator saved in between, the save is refused with who and when, never a silent
 * overwrite. Returns the new revision.
 */
export async function saveDraft(
  tx: Tx,
  whiteLabelId: number,
  caminho: string,
  patch: Record<string, unknown> | null,
  revisao: number,
  autor: Autor,
): Promise<number> {
  const [current] = await tx.query<{ revisao: number; autor_nome: string | null; alterado_em: Date }>(
    `SELECT revisao, autor_nome, alterado_em FROM customizacao_rascunho
      WHERE config_white_label_id = $1 AND caminho = $2 FOR UPDATE`,
    [whiteLabelId, caminho],
  );
  const atual = current ? Number(current.revisao) : 0;
  if (atual !== revisao) {
    const quando = current
      ? new Date(current.alterado_em).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })
      : '';
    throw new HttpError(
      409,
      'PERSONALIZACAO_CONFLITO',
      current
        ? `${current.autor_nome ?? 'Outro operador'} alterou este rascunho em ${quando}. Recarregue a tela para ver a alteração antes de salvar a sua.`
        : 'Este rascunho foi publicado ou descartado por outro operador. Recarregue a tela antes de salvar.',
    );
  }
  const [saved] = await tx.query<{ revisao: number }>(
    `INSERT INTO customizacao_rascunho (config_white_label_id, caminho, patch, revisao, autor_id, autor_nome)
     VALUES ($1, $2, $3::jsonb, 1, $4, $5)
     ON CONFLICT (config_white_label_id, caminho) DO UPDATE
       SET patch = EXCLUDED.patch, revisao = customizacao_rascunho.revisao + 1, autor_id = EXCLUDED.autor_id,
           autor_nome = EXCLUDED.autor_nome, alterado_em = now()
     RETURNING revisao`,
    [whiteLabelId, caminho, JSON.stringify(patch), autor.id, autor.nome],
  );
  return Number(saved?.revisao);
}

export async function discardDrafts(tx: Tx, whiteLabelId: number, caminho?: string): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM customizacao_rascunho WHERE config_white_label_id = $1 AND ($2::text IS NULL OR caminho = $2)
     RETURNING caminho`,
    [whiteLabelId, caminho ?? null],
  );
  return rows.length;
}

/** Writes a new version (publication or restoration) after locking the white-label's history. */
export async function writeVersion(
  tx: Tx,
  whiteLabelId: number,
  patches: Customizations,
  autor: Autor,
  resumo: string | null,
  restauradaDe: number | null,
): Promise<number> {
  // One writer at a time per white-label: two publications never get the same number.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customizacao:${whiteLabelId}`]);
  const { versao } = await loadPublished(tx, whiteLabelId);
  await tx.query(
    `INSERT INTO customizacao_versao (config_white_label_id, versao, patches, resumo, restaurada_de, autor_id, autor_nome)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
    [whiteLabelId, versao + 1, JSON.stringify(patches), resumo, restauradaDe, autor.id, autor.nome],
  );
  return versao + 1;
}

export async function listVersions(tx: Tx, whiteLabelId: number): Promise<Versao[]> {
  const rows = await tx.query<{
    versao: number;
    resumo: string | null;
    restaurada_de: number | null;
    autor_nome: string | null;
    criado_em: Date;
    caminhos: string[];
  }>(
    `SELECT versao, resumo, restaurada_de, autor_nome, criado_em,
            ARRAY(SELECT jsonb_object_keys(patches) ORDER BY 1) AS caminhos
       FROM customizacao_versao WHERE config_white_label_id = $1 ORDER BY versao DESC LIMIT 200`,
    [whiteLabelId],
  );
  return rows.map((row) => ({
    versao: Number(row.versao),
    resumo: row.resumo,
    restauradaDe: row.restaurada_de === null ? null : Number(row.restaurada_de),
    autorNome: row.autor_nome,
    criadoEm: new Date(row.criado_em).toISOString(),
    caminhos: row.caminhos,
  }));
}

export async function loadVersion(tx: Tx, whiteLabelId: number, versao: number): Promise<Customizations> {
  const [row] = await tx.query<{ patches: Customizations }>(
    'SELECT patches FROM customizacao_versao WHERE config_white_label_id = $1 AND versao = $2',
    [whiteLabelId, versao],
  );
  if (!row)
    throw new HttpError(404, 'VERSAO_NAO_ENCONTRADA', `A versão ${versao} não existe neste white-label.`);
  return row.patches;
}
