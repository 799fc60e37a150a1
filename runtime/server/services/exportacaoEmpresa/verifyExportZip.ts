import { createHash } from 'node:crypto';
import { EXPORT_FORMAT, type ExportManifest, MANIFEST_NAME } from './exportManifest.ts';
import { ImportRefusal } from './ImportRefusal.ts';
import { PRODUCT_VERSION } from './productVersion.ts';
import { NotAZipError, ZipFileReader } from './ZipFileReader.ts';

const NOT_AN_EXPORT = 'O arquivo não é uma exportação de empresa deste produto';

/**
 * Opens a company export and checks it before anything is written: a ZIP with manifesto.json of this
 * format, from this product version, every file listed present with its SHA-256 (and CRC), no file that
 * the manifest does not list. Throws ImportRefusal with a pt-BR message naming the problem.
 */
export async function verifyExportZip(
  path: string,
  migracao: string,
): Promise<{ zip: ZipFileReader; manifest: ExportManifest }> {
  let zip: ZipFileReader;
  try {
    zip = await ZipFileReader.open(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ImportRefusal(`Arquivo não encontrado: ${path}.`);
    if (error instanceof NotAZipError || error instanceof RangeError)
      throw new ImportRefusal(`${NOT_AN_EXPORT}: não é um arquivo ZIP válido.`);
    throw error;
  }
  if (!zip.entries.has(MANIFEST_NAME)) throw new ImportRefusal(`${NOT_AN_EXPORT}: falta o ${MANIFEST_NAME}.`);
  let manifest: ExportManifest;
  try {
    manifest = JSON.parse(await zip.text(MANIFEST_NAME)) as ExportManifest;
  } catch {
    throw new ImportRefusal(`${NOT_AN_EXPORT}: o ${MANIFEST_NAME} está corrompido.`);
  }
  if (
    manifest?.formato !== EXPORT_FORMAT ||
    !Array.isArray(manifest.tabelas) ||
    !Array.isArray(manifest.arquivos)
  )
    throw new ImportRefusal(`${NOT_AN_EXPORT}: o ${MANIFEST_NAME} não é o de uma exportação de empresa.`);
  if (manifest.versaoProduto !== PRODUCT_VERSION || manifest.migracao !== migracao)
    throw new ImportRefusal(
      `Este arquivo foi exportado pela versão ${manifest.versaoProduto} do produto (migração ${manifest.migracao}); ` +
        `esta instância está na versão ${PRODUCT_VERSION} (migração ${migracao}). Importe-o numa instância da mesma versão.`,
    );
  const listed = new Set(manifest.arquivos.map((file) => file.nome));
  for (const name of zip.entries.keys()) {
    if (name !== MANIFEST_NAME && !listed.has(name))
      throw new ImportRefusal(
        `O arquivo "${name}" não consta do ${MANIFEST_NAME}: o ZIP foi alterado depois da exportação. Nada foi importado.`,
      );
  }
  for (const file of manifest.arquivos) {
    if (!zip.entries.has(file.nome))
      throw new ImportRefusal(
        `Falta o arquivo "${file.nome}" listado no ${MANIFEST_NAME}. Nada foi importado.`,
      );
    const hash = createHash('sha256');
    try {
      for await (const chunk of zip.read(file.nome)) hash.update(chunk);
    } catch (error) {
      if (error instanceof NotAZipError || (error as { code?: string }).code?.startsWith('Z_'))
        throw new ImportRefusal(`O arquivo "${file.nome}" está corrompido no ZIP. Nada foi importado.`);
      throw error;
    }
    if (hash.digest('hex') !== file.sha256)
      throw new ImportRefusal(
        `O arquivo "${file.nome}" foi alterado depois da exportação (checksum SHA-256 diferente do ${MANIFEST_NAME}). Nada foi importado.`,
      );
  }
  return { zip, manifest };
}
