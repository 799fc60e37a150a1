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
}

export interface FormFile {
  entity?: string;
  title?: string;
  tabs?: Record<string, { title: string }>;
  sections: Record<
    string,
    { title?: string; tab?: string; columns?: number; fields: Record<string, FormFieldLayout> }
  >;
}

/** One block of fields laid out on a grid of `columns`. */
export interface LayoutSection {
  id: string;
  title?: string;
  columns: number;
  fields: { name: string; colSpan: number }[];
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

/** What the form passes to its templates and widgets through rjsf's formContext. */
export interface FormContext {
  /** The whole form's current values (a widget may depend on a sibling, e.g. the city on the UF). */
  formData: Record<string, unknown>;
  /** Id of the record being edited (undefined when creating or copying). */
  recordId?: number;
  activeTab?: string;
  setActiveTab(tab: string): void;
}
