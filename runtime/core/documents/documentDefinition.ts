/** The `document` block of an entity file (schemas/_meta/entity.schema.json#/definitions/document). */
export interface DocumentDefinition {
  statusField: string;
  initial: string;
  states: Record<string, DocumentState>;
  transitions: DocumentTransition[];
  numbering?: { field: string; serieField?: string };
  /** Fields linking an amended copy to the version it replaces (transitions with `amend`). */
  amend?: { previousField: string; nextField?: string; versionField?: string };
}

/** One state of a document: its chip label and colour, and whether its rows may still be changed. */
export interface DocumentState {
  label: string;
  color?: 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';
  editable?: boolean;
}

/** One transition: POST /api/<Resource>/{id}/<action>, from one of `from` to `to`, running `effects`. */
export interface DocumentTransition {
  action: string;
  from: string[];
  to: string;
  label: string;
  /** Domain event name for webhooks after `<entity>.` (default: the state reached). */
  event?: string;
  permission?: string;
  level?: number;
  confirm?: string;
  effects?: string[];
  /** After the effects, create a new version in the initial state copying this one (document.amend). */
  amend?: boolean;
}

/**
 * An action without a state change (entity `actions`): POST /api/<Resource>/{id}/<action> running
 * `effects` with the record locked — a nota fiscal's "Lançar estoque" or "Estornar contas".
 */
export interface DocumentAction {
  action: string;
  label: string;
  /** Domain event name for webhooks after `<entity>.` (default: the action). */
  event?: string;
  permission?: string;
  level?: number;
  confirm?: string;
  effects: string[];
  /** The form shows the button only when each listed field holds one of the values (null: empty). */
  visibleWhen?: FieldConditions;
}

/** Conditions on a record's fields: each listed field holds one of the values (null: empty). */
export type FieldConditions = Record<string, Array<string | number | boolean | null>>;

/**
 * Entity `lock`: while any of `when` holds, the records API refuses PUT, PATCH and DELETE of the record
 * and of its child collection items (409 with `message`) and the form is read-only; actions still run.
 */
export interface RecordLock {
  when: FieldConditions[];
  message: string;
}
