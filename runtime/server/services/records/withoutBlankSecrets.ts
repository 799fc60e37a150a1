import type { RecordEntity } from './recordEntity.ts';

/**
 * A write body without blank secrets and without the `<secret>Definido` flags a read showed, so that a
 * form saved with its secret field left empty keeps the stored secret (null still clears it).
 */
export function withoutBlankSecrets(record: RecordEntity, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const secrets = Object.entries(record.entity.fields).filter(([, field]) => field.secret);
  if (secrets.length === 0) return body;
  const copy: Record<string, unknown> = { ...body };
  for (const [name] of secrets) {
    if (copy[name] === '') delete copy[name];
    delete copy[`${name}Definido`];
  }
  return copy;
}
