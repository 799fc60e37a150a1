import { entityNames, resolveEntity, snakeCase } from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';

/** A field marked `dadoPessoal` and how a search term is matched against it. */
export interface PersonalField {
  field: string;
  column: string;
  label: string;
  /** cpf: CPF/CNPJ digits; email: the whole address; nome: part of a name; outro: reported, not searched. */
  kind: 'cpf' | 'email' | 'nome' | 'outro';
}

/** An entity (its own table) with fields marked as personal data. */
export interface PersonalEntity {
  entity: string;
  label: string;
  table: string;
  scope: 'empresa' | 'filial' | 'global';
  fields: PersonalField[];
}

const kindOf = (field: string, format: string | undefined): PersonalField['kind'] => {
  if (format === 'cpf' || format === 'cpfCnpj') return 'cpf';
  if (format === 'email') return 'email';
  if (field === 'nome' || field === 'apelido' || field === 'contato') return 'nome';
  return 'outro';
};

/** Every base entity whose file marks fields with `"dadoPessoal": true` (views share their base's table). */
export function personalDataEntities(schemas: SchemaFiles): PersonalEntity[] {
  const result: PersonalEntity[] = [];
  for (const name of entityNames(schemas)) {
    const entity = resolveEntity(name, schemas);
    if (entity.base !== name || entity.scope === 'global') continue;
    const fields = Object.entries(entity.fields)
      .filter(([, spec]) => spec.dadoPessoal === true && !spec.writeOnly)
      .map(([field, spec]) => ({
        field,
        column: snakeCase(field),
        label: spec.label,
        kind: kindOf(field, spec.format),
      }));
    if (fields.length > 0)
      result.push({ entity: name, label: entity.label, table: entity.table, scope: entity.scope, fields });
  }
  return result;
}
