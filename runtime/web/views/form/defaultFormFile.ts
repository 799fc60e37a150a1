import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import type { FormFile } from './formTypes.ts';

/** Columns of the generated form when an entity has no form file. */
const DEFAULT_COLUMNS = 2;

/** A form for an entity without a form file: one section with every field in order, long texts full width. */
export function defaultFormFile(entity: ResolvedEntity): FormFile {
  const fields = Object.fromEntries(
    Object.entries(entity.fields).map(([name, field]) => [
      name,
      field.type === 'text' || field.type === 'json' ? { colSpan: DEFAULT_COLUMNS } : {},
    ]),
  );
  return { title: entity.label, sections: { principal: { columns: DEFAULT_COLUMNS, fields } } };
}
