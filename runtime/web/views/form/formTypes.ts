/**
 * Shapes of the entity and form files as the form runtime reads them (schemas/_meta/entity.schema.json,
 * form.schema.json) and of the layout the root ObjectFieldTemplate renders (uiSchema 'ui:layout').
 */

export interface FormFieldLayout {
  label?: string;
  widget?: string;
  colSpan?: number;
  hidden?: boolean;
  readOnly?: boolean;
  help?: string;
  placeholder?: string;
  /** A child collection: the item fields shown as columns (default: the child's grid columns). */
  columns?: string[];
  /** A child collection: item fields computed from others (valorTotal = quantidade × valorUnitario). */
  compute?: Record<string, ChildComputed>;
  /** A child collection: what choosing a related record (a product) fills in an empty item field. */
  fill?: Record<string, Record<string, string>>;
  /** A child collection: fields summed in the table's footer. */
  totals?: string[];
}

/** A read-only list of another entity's records pointing at this one (form section `related`). */
export interface RelatedList {
  entity: string;
  /** The related entity's relation field to the form's entity. */
  foreignKey: string;
  columns?: string[];
  order?: string;
  totals?: string[];
  empty?: string;
  /** Each row gets the declared row actions of the related entity's grid. */
  rowActions?: boolean;
}

export interface FormFile {
  entity?: string;
  title?: string;
  tabs?: Record<string, { title: string }>;
  sections: Record<
    string,
    {
      title?: string;
      tab?: string;
      columns?: number;
      fields?: Record<string, FormFieldLayout>;
      related?: RelatedList;
    }
  >;
}

/** One block of fields laid out on a grid of `columns`. */
export interface LayoutSection {
  id: string;
  title?: string;
  columns: number;
  fields: { name: string; colSpan: number }[];
  /** A related list drawn in the section instead of fields. */
  related?: RelatedList;
}

export interface LayoutTab {
  id: string;
  title: string;
  sections: LayoutSection[];
}

/** The root 'ui:layout': sections shown above the tabs, then the tabs. */
export interface FormLayout {
  sections: LayoutSection[];
  tabs: LayoutTab[];
}

/**
 * The whole form's current values, read and watched without being a prop: rjsf skips a field whose props
 * did not change, and a formContext holding the values themselves changes on every keystroke, so every
 * field of the form re-rendered (p50 200 ms per key in a 207-field document, scripts/bench/web.ts).
 */
export interface FormValues {
  get(): Record<string, unknown>;
  subscribe(listener: () => void): () => void;
}

/** A FormValues whose `set` tells the watchers. */
export function createFormValues(): FormValues & { set(values: Record<string, unknown>): void } {
  let current: Record<string, unknown> = {};
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(values) {
      if (values === current) return;
      current = values;
      for (const listener of listeners) listener();
    },
  };
}

/** What the form passes to its templates and widgets through rjsf's formContext. */
export interface FormContext {
  /** The whole form's current values, for a widget that depends on a sibling (the city on the UF). */
  values?: FormValues;
  /** The same as a plain object, for screens whose forms are small (re-render everything on change). */
  formData?: Record<string, unknown>;
  /** Id of the record being edited (undefined when creating or copying). */
  recordId?: number;
  activeTab?: string;
  setActiveTab(tab: string): void;
}

/** One column of a child collection's items table (uiSchema ui:options of ChildCollectionField). */
export interface ChildColumn {
  name: string;
  label: string;
  /** Registry widget of the cell (TextWidget when none fits). */
  widget: string;
  /** The widget's ui:options (relation resource/display, precision…). */
  options: Record<string, unknown>;
  /** Entity field type (money columns are summed as BRL). */
  type?: string;
  readOnly?: boolean;
}

/** A value computed from others of the same item: the product of `multiply`, rounded to `round` decimals. */
export interface ChildComputed {
  multiply: string[];
  round?: number;
}

/** ui:options of a child collection (built by buildUiSchema from the form file and the child's grid). */
export interface ChildCollectionOptions {
  columns: ChildColumn[];
  /** Field numbered 1..n in the table order (numeroItem when the child has it). */
  numberField?: string;
  compute: Record<string, ChildComputed>;
  /** Relation field → { item field: field of the chosen record } copied when the item field is empty. */
  fill: Record<string, Record<string, string>>;
  /** Fields summed in the footer. */
  totals: string[];
  /** Defaults of a new item (the child's input schema defaults). */
  defaults: Record<string, unknown>;
}
