import { checkPermission } from '../checkPermission.ts';
import { PermissionLevel, type SessionUser } from '../types.ts';
import type { DocumentDefinition, DocumentState, DocumentTransition } from './documentDefinition.ts';

/** What the form shows of a document: its state (chip), whether it may be edited, the buttons. */
export interface DocumentLifecycleView {
  status: string;
  state: DocumentState;
  editable: boolean;
  transitions: DocumentTransition[];
}

/**
 * The lifecycle of a document row as a user sees it: the current state (a row without one is in the
 * initial state), whether it is editable, and the transitions leaving that state that the user may take —
 * by the same permission check as the server's route (the transition's key, default the entity's, at its
 * level, default ALTERAR).
 */
export function documentLifecycle(
  document: DocumentDefinition,
  row: Record<string, unknown>,
  entityPermission: string,
  user: SessionUser | null | undefined,
): DocumentLifecycleView {
  const value = row[document.statusField];
  const status = typeof value === 'string' && value in document.states ? value : document.initial;
  const state = document.states[status] ?? { label: status };
  return {
    status,
    state,
    editable: state.editable === true,
    transitions: document.transitions.filter(
      (transition) =>
        transition.from.includes(status) &&
        checkPermission(
          user,
          transition.permission ?? entityPermission,
          transition.level ?? PermissionLevel.ALTERAR,
        ),
    ),
  };
}
