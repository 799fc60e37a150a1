import type { RecordContext } from '../records/recordContext.ts';

/** A boleto as the return preview shows it. */
export interface RetornoBoleto {
  id: number;
  nossoNumero: string;
  cliente: string | null;
  dataVencimento: string;
  valor: number;
  situacao: number;
  lancamentoId: number | null;
}

/** Nosso número without punctuation, blanks or leading zeros: files pad it, people type it with a hyphen. */
export const normalizeNossoNumero = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^0+/, '');

/**
 * The company's boletos of one gateway for the nossos números of a file, keyed by the file's value. The
 * file's number matches a boleto when equal after normalising, or — when nothing is equal — once its last
 * character (the check digit some banks append) is dropped. Only the tenant's rows (RLS plus a repeated
 * empresa condition), so another company's boleto with the same nosso número is never matched.
 */
export async function findBoletos(
  context: RecordContext,
  gatewayId: number,
  numeros: string[],
  lock: boolean,
): Promise<Map<string, RetornoBoleto>> {
  const boleto = context.lookupTarget('boleto');
  const pessoa = context.lookupTarget('cliente');
  const col = (record: typeof boleto, field: string) => `"${record.fieldMap[field]?.column ?? field}"`;
  const exact = numeros.map(normalizeNossoNumero).filter(Boolean);
  const withoutDv = exact.map((value) => value.slice(0, -1).replace(/^0+/, '')).filter(Boolean);
  if (exact.length === 0) return new Map();
  const normalized = `ltrim(regexp_replace(upper(b.${col(boleto, 'nossoNumero')}), '[^0-9A-Z]', '', 'g'), '0')`;
  // The boleto may keep the check digit the file left out (Inter, Unicred, HSBC...): its number without
  // the last character is a key too, tried after the exact ones.
  const semDv = `ltrim(left(${normalized}, -1), '0')`;
  const rows = await context.tx.query<RetornoBoleto & { chave: string; chaveSemDv: string }>(
    `SELECT b.id, b.${col(boleto, 'nossoNumero')} AS "nossoNumero", ${normalized} AS chave, ${semDv} AS "chaveSemDv",
            p.${col(pessoa, 'nome')} AS cliente,
            to_char(b.${col(boleto, 'dataVencimento')}, 'YYYY-MM-DD') AS "dataVencimento",
            b.${col(boleto, 'valor')}::float8 AS valor, b.${col(boleto, 'situacao')} AS situacao,
            b.${col(boleto, 'lancamentoId')} AS "lancamentoId"
       FROM "${boleto.entity.table}" b
       LEFT JOIN "${pessoa.entity.table}" p ON p.id = b.${col(boleto, 'pessoaId')} AND p.empresa_id = b.empresa_id
      WHERE b.empresa_id = $1 AND b.${col(boleto, 'gatewayBoletoId')} = $2
        AND (${normalized} = ANY($3) OR ${semDv} = ANY($4))
      ORDER BY b.id${lock ? ' FOR UPDATE OF b' : ''}`,
    [context.scope.empresaId, gatewayId, [...exact, ...withoutDv], exact],
  );
  const byKey = new Map(rows.map(({ chave, chaveSemDv, ...row }) => [chave, row]));
  const byKeySemDv = new Map<string, RetornoBoleto>();
  for (const { chave: _chave, chaveSemDv, ...row } of rows)
    if (chaveSemDv && !byKeySemDv.has(chaveSemDv)) byKeySemDv.set(chaveSemDv, row);
  const found = new Map<string, RetornoBoleto>();
  for (const numero of numeros) {
    const key = normalizeNossoNumero(numero);
    const match = byKey.get(key) ?? byKey.get(key.slice(0, -1).replace(/^0+/, '')) ?? byKeySemDv.get(key);
    if (key && match) found.set(numero, match);
  }
  return found;
}
