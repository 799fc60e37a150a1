import type { Tx } from '../../db/database.ts';

/** The fiscal documents a branch numbers: NF-e (modelo 55), NFC-e (modelo 65) and NFS-e. */
export type Documento = 'NFE' | 'NFCE' | 'NFSE';
export const DOCUMENTOS: Documento[] = ['NFE', 'NFCE', 'NFSE'];
export const DOCUMENTO_LABELS: Record<Documento, string> = {
  NFE: 'NF-e (modelo 55)',
  NFCE: 'NFC-e (modelo 65)',
  NFSE: 'NFS-e',
};
/** SEFAZ tpAmb: 1 produção, 2 homologação (enum ambienteNfe). */
export const AMBIENTES = [1, 2] as const;
export const AMBIENTE_NOMES: Record<number, string> = { 1: 'Produção', 2: 'Homologação' };

/** The pt-BR names of a row's document and ambiente, as the screen shows them. */
export function nomesDocumento(row: { documento: Documento; ambiente: number }) {
  return { documentoNome: DOCUMENTO_LABELS[row.documento], ambienteNome: AMBIENTE_NOMES[row.ambiente] ?? '' };
}

/** One numbering sequence of a branch, with where it is kept and the highest number already used. */
export interface Sequencia {
  documento: Documento;
  ambiente: number;
  serie: number;
  proximoNumero: number;
  maiorNumeroUsado: number | null;
  documentoNome: string;
  ambienteNome: string;
  /** configuracaoNfe: the branch's Configuração fiscal (ambiente in use); sequencia: table of migration 010. */
  origem: 'configuracaoNfe' | 'sequencia';
}

interface ConfigNfeRow {
  id: number;
  ambiente: number;
  serie_nfe: number;
  proximo_numero_nfe: number;
  serie_nfce: number;
  proximo_numero_nfce: number;
}

/** The branch's Configuração fiscal (one per branch), locked when `forUpdate`. */
export function loadConfigNfe(
  tx: Tx,
  filialId: number,
  forUpdate = false,
): Promise<ConfigNfeRow | undefined> {
  return tx.maybeOne<ConfigNfeRow>(
    `SELECT id, ambiente, serie_nfe, proximo_numero_nfe, serie_nfce, proximo_numero_nfce
       FROM configuracao_nfe WHERE filial_id = $1 ORDER BY id LIMIT 1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [filialId],
  );
}

/**
 * Highest number the branch already used in `serie` of `documento` (authorised or not: a number sent to
 * SEFAZ once cannot be reused). The notes do not record the ambiente, so the same figure warns for both.
 * NFS-e: the product keeps no NFS-e documents yet, so nothing is known to be used.
 */
export async function maiorNumeroUsado(
  tx: Tx,
  filialId: number,
  documento: Documento,
  serie: number,
): Promise<number | null> {
  if (documento === 'NFSE') return null;
  const table = documento === 'NFE' ? 'nota_fiscal' : 'cupom_fiscal';
  const row = await tx.one<{ maior: number | null }>(
    `SELECT max(numero)::bigint AS maior FROM ${table} WHERE filial_id = $1 AND serie = $2`,
    [filialId, serie],
  );
  return row.maior;
}

/** Every sequence of the branch: 3 documents × 2 ambientes, defaults série 1 / próximo 1 when never set. */
export async function readSequencias(tx: Tx, filialId: number): Promise<Sequencia[]> {
  const config = await loadConfigNfe(tx, filialId);
  const stored = await tx.query<{ documento: Documento; ambiente: number; serie: number; proximo: number }>(
    `SELECT documento, ambiente, serie, proximo_numero AS proximo FROM sequencia_documento_filial WHERE filial_id = $1`,
    [filialId],
  );
  const result: Sequencia[] = [];
  for (const documento of DOCUMENTOS) {
    for (const ambiente of AMBIENTES) {
      let sequencia: Omit<Sequencia, 'maiorNumeroUsado' | 'documentoNome' | 'ambienteNome'>;
      if (config && documento !== 'NFSE' && config.ambiente === ambiente) {
        const nfe = documento === 'NFE';
        sequencia = {
          documento,
          ambiente,
          serie: nfe ? config.serie_nfe : config.serie_nfce,
          proximoNumero: nfe ? config.proximo_numero_nfe : config.proximo_numero_nfce,
          origem: 'configuracaoNfe',
        };
      } else {
        const row = stored.find((item) => item.documento === documento && item.ambiente === ambiente);
        sequencia = {
          documento,
          ambiente,
          serie: row?.serie ?? 1,
          proximoNumero: row?.proximo ?? 1,
          origem: 'sequencia',
        };
      }
      result.push({
        ...sequencia,
        ...nomesDocumento(sequencia),
        maiorNumeroUsado: await maiorNumeroUsado(tx, filialId, documento, sequencia.serie),
      });
    }
  }
  return result;
}

/** Writes one sequence where readSequencias reads it (the Configuração fiscal or the sequences table). */
export async function writeSequencia(
  tx: Tx,
  filial: { id: number; empresaId: number },
  sequencia: Pick<Sequencia, 'documento' | 'ambiente' | 'serie' | 'proximoNumero' | 'origem'>,
): Promise<void> {
  if (sequencia.origem === 'configuracaoNfe') {
    const nfe = sequencia.documento === 'NFE';
    await tx.query(
      `UPDATE configuracao_nfe SET ${nfe ? 'serie_nfe' : 'serie_nfce'} = $2,
              ${nfe ? 'proximo_numero_nfe' : 'proximo_numero_nfce'} = $3, versao = versao + 1, alterado_em = now()
        WHERE filial_id = $1`,
      [filial.id, sequencia.serie, sequencia.proximoNumero],
    );
    return;
  }
  await tx.query(
    `INSERT INTO sequencia_documento_filial (filial_id, empresa_id, documento, ambiente, serie, proximo_numero)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (filial_id, documento, ambiente)
     DO UPDATE SET serie = EXCLUDED.serie, proximo_numero = EXCLUDED.proximo_numero, alterado_em = now()`,
    [
      filial.id,
      filial.empresaId,
      sequencia.documento,
      sequencia.ambiente,
      sequencia.serie,
      sequencia.proximoNumero,
    ],
  );
}
