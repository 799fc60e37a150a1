import type { EntityField, ResolvedEntity } from '../../../core/resolveEntity.ts';

/** What a widget rule looks at: the field's name and definition and the entity it belongs to. */
export interface WidgetCandidate {
  name: string;
  field: EntityField;
  entity: ResolvedEntity;
}

/** One row of the widget table: the highest rank whose test accepts the field wins (JSON Forms style). */
export interface WidgetRule {
  rank: number;
  widget: string;
  test(candidate: WidgetCandidate): boolean;
}

const DOCUMENT_FORMATS = new Set(['cpf', 'cnpj', 'cpfCnpj']);
const formatOrMask = ({ field }: WidgetCandidate, kinds: Set<string>) =>
  kinds.has(field.format ?? '') || kinds.has(field.mask ?? '');

/**
 * The default widget per field type/format when the form file names none. Conventions by name (the
 * municipality code, a profile's permission map) rank below explicit types so a schema can always say
 * otherwise with a `widget` in its form file; a tenant or screen adds rules with a higher rank.
 */
export const widgetRules: readonly WidgetRule[] = [
  { rank: 50, widget: 'TreeParentWidget', test: ({ name, entity }) => entity.tree === name },
  {
    rank: 40,
    widget: 'MunicipioWidget',
    test: ({ name, field }) =>
      field.relation?.entity === 'municipio' || (field.type === 'integer' && /[mM]unicipio$/.test(name)),
  },
  {
    rank: 40,
    widget: 'PermissionLevelsWidget',
    test: ({ name, field }) => field.type === 'json' && name === 'permissoes',
  },
  { rank: 30, widget: 'RelationWidget', test: ({ field }) => field.type === 'relation' },
  { rank: 20, widget: 'EnumWidget', test: ({ field }) => field.type === 'enum' },
  { rank: 20, widget: 'CpfCnpjWidget', test: (c) => formatOrMask(c, DOCUMENT_FORMATS) },
  { rank: 20, widget: 'PhoneWidget', test: (c) => formatOrMask(c, new Set(['phone'])) },
  { rank: 20, widget: 'CepWidget', test: (c) => formatOrMask(c, new Set(['cep'])) },
  {
    rank: 15,
    widget: 'PasswordWidget',
    test: ({ field }) => field.type === 'string' && field.writeOnly === true,
  },
  { rank: 10, widget: 'MoneyWidget', test: ({ field }) => field.type === 'money' },
  { rank: 10, widget: 'PercentWidget', test: ({ field }) => field.type === 'percent' },
  { rank: 10, widget: 'DateWidget', test: ({ field }) => field.type === 'date' },
  { rank: 10, widget: 'DateTimeWidget', test: ({ field }) => field.type === 'datetime' },
  { rank: 10, widget: 'TextareaWidget', test: ({ field }) => field.type === 'text' },
  { rank: 5, widget: 'JsonWidget', test: ({ field }) => field.type === 'json' },
];
