/** Name of the manifest inside the ZIP. */
export const MANIFEST_NAME = 'manifesto.json';
/** Per folder of one-file-per-document entries (XMLs, attachments): their SHA-256, as `sha256sum` writes. */
export const SUMS_NAME = 'SHA256SUMS';
/** What the manifest's `formato` says: anything else is not a company export. */
export const EXPORT_FORMAT = 'erp-exportacao-empresa';

/** One file of the ZIP with its size and SHA-256 (of the uncompressed bytes). */
export interface ManifestFile {
  nome: string;
  bytes: number;
  sha256: string;
}

/** One table: its JSON and CSV files, columns (in order) and row count. */
export interface ManifestTable {
  tabela: string;
  entidade: string | null;
  colunas: string[];
  linhas: number;
  json: string;
  csv: string;
}

/** manifesto.json: what was exported, from which version, and the checksums to verify it with. */
export interface ExportManifest {
  formato: typeof EXPORT_FORMAT;
  versaoProduto: string;
  /** The last migration applied to the database it came from. */
  migracao: string;
  geradoEm: string;
  empresa: { id: number; nome: string; cpfCnpj: string | null };
  whiteLabel: { id: number; idConfig: string; slug: string | null };
  plano: { id: number; idExterno: string } | null;
  filiais: number[];
  tabelas: ManifestTable[];
  /** Every file but the XMLs and attachments, whose checksums are in their folder's SHA256SUMS (listed here). */
  arquivos: ManifestFile[];
}
