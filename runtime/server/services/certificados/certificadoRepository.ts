import type { Tx } from '../../db/database.ts';
import type { CertificadoInfo } from './readPkcs12.ts';

/** The API shape of the branch's certificate: what it says about itself, never the file or the password. */
export interface CertificadoView {
  id: number;
  versao: number;
  titular: string;
  cnpj: string | null;
  emissor: string;
  numeroSerie: string;
  validoDe: string;
  validoAte: string;
  nomeArquivo: string | null;
  alteradoEm: string;
}

const VIEW_COLUMNS = `id, versao, titular, cnpj, emissor, numero_serie AS "numeroSerie", valido_de AS "validoDe",
  valido_ate AS "validoAte", nome_arquivo AS "nomeArquivo", alterado_em AS "alteradoEm"`;

type Row = Omit<CertificadoView, 'validoDe' | 'validoAte' | 'alteradoEm'> &
  Record<'validoDe' | 'validoAte' | 'alteradoEm', Date>;

const toView = (row: Row): CertificadoView => ({
  ...row,
  validoDe: row.validoDe.toISOString(),
  validoAte: row.validoAte.toISOString(),
  alteradoEm: row.alteradoEm.toISOString(),
});

/** The certificate of the transaction's branch (RLS scopes certificado_digital to it), if any. */
export async function findCertificado(tx: Tx): Promise<CertificadoView | undefined> {
  const row = await tx.maybeOne<Row>(`SELECT ${VIEW_COLUMNS} FROM certificado_digital ORDER BY id LIMIT 1`);
  return row && toView(row);
}

/** Stores the branch's certificate, replacing the one it had (one per branch: the singleton index). */
export async function upsertCertificado(
  tx: Tx,
  scope: { empresaId: number; filialId: number; usuarioId: number },
  info: CertificadoInfo,
  stored: { nomeArquivo: string | null; arquivoCifrado: string; senhaCifrada: string },
): Promise<CertificadoView> {
  const row = await tx.one<Row>(
    `INSERT INTO certificado_digital (empresa_id, filial_id, criado_por, alterado_por, titular, cnpj, emissor,
       numero_serie, valido_de, valido_ate, nome_arquivo, arquivo_cifrado, senha_cifrada)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (empresa_id, filial_id) DO UPDATE SET titular = EXCLUDED.titular, cnpj = EXCLUDED.cnpj,
       emissor = EXCLUDED.emissor, numero_serie = EXCLUDED.numero_serie, valido_de = EXCLUDED.valido_de,
       valido_ate = EXCLUDED.valido_ate, nome_arquivo = EXCLUDED.nome_arquivo,
       arquivo_cifrado = EXCLUDED.arquivo_cifrado, senha_cifrada = EXCLUDED.senha_cifrada,
       alterado_por = EXCLUDED.alterado_por, alterado_em = now(), versao = certificado_digital.versao + 1
     RETURNING ${VIEW_COLUMNS}`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      info.titular.slice(0, 200),
      info.cnpj,
      info.emissor.slice(0, 200),
      info.numeroSerie.slice(0, 80),
      info.validoDe,
      info.validoAte,
      stored.nomeArquivo?.slice(0, 255) ?? null,
      stored.arquivoCifrado,
      stored.senhaCifrada,
    ],
  );
  return toView(row);
}

/** Removes the branch's certificate `id`; the number of rows removed (0 when it is not the branch's). */
export async function deleteCertificado(tx: Tx, id: number): Promise<number> {
  return (await tx.query('DELETE FROM certificado_digital WHERE id = $1 RETURNING id', [id])).length;
}
