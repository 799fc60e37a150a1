import { createHash } from 'node:crypto';
import { EXPORT_FORMAT, type ExportManifest, MANIFEST_NAME, SUMS_NAME } from './exportManifest.ts';
import { ImportRefusal } from './ImportRefusal.ts';
import { PRODUCT_VERSION } from './productVersion.ts';
import { NotAZipError, ZipFileReader } from './ZipFileReader.ts';

const NOT_AN_EXPORT = 'O arquivo não é uma exportação de empresa deste produto';

/** Checks one file of the ZIP against its SHA-256 (and its CRC, while reading). */
async function checkFile(zip: ZipFileReader, name: string, sha256: string): Promise<void> {
  if (!zip.entries.has(name))
    throw new ImportRefusal(`Falta o arquivo "${name}" listado no ${MANIFEST_NAME}. Nada foi importado.`);
  const hash = createHash('sha256');
  try {
    for await (const chunk of zip.read(name)) hash.update(chunk);
  } catch (error) {
    if (error instanceof NotAZipError || (error as { code?: string }).code?.startsWith('Z_'))
      throw new ImportRefusal(`O arquivo "${name}" está corrompido no ZIP. Nada foi importado.`);
    throw error;
  }
  if (hash.digest('hex') !== sha256)
    throw new ImportRefusal(
      `O arquivo "${name}" foi alterado depois da exportação (checksum SHA-256 diferente do ${MANIFEST_NAME}). Nada foi importado.`,
    );
}

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
  // The manifest's files first (the SHA256SUMS among them), then every XML and attachment by its sums file.
  const expected = new Map(manifest.arquivos.map((file) => [file.nome, file.sha256]));
  const sumsFiles = manifest.arquivos.filter((file) => file.nome.endsWith(`/${SUMS_NAME}`));
  for (const name of zip.entries.keys()) {
    if (name === MANIFEST_NAME || expected.has(name)) continue;
    if (!sumsFiles.some((sums) => name.startsWith(sums.nome.slice(0, -SUMS_NAME.length))))
      throw new ImportRefusal(
        `O arquivo "${name}" não consta do ${MANIFEST_NAME}: o ZIP foi alterado depois da exportação. Nada foi importado.`,
      );
  }
  for (const file of manifest.arquivos) await checkFile(zip, file.nome, file.sha256);
  const listed = new Set(expected.keys());
  for (const sums of sumsFiles) {
    for (const line of (await zip.text(sums.nome)).split('\n')) {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match) continue;
      listed.add(match[2] as string);
      await checkFile(zip, match[2] as string, match[1] as string);
    }
  }
  for (const name of zip.entries.keys())
    if (name !== MANIFEST_NAME && !listed.has(name))
      throw new ImportRefusal(
        `O arquivo "${name}" não consta do ${MANIFEST_NAME} nem das somas de verificação: o ZIP foi alterado depois da exportação. Nada foi importado.`,
      );
  return { zip, manifest };
}
