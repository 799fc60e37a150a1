import type { DocumentDefinition } from '../../../core/documents/documentDefinition.ts';

/** The state key of a document row (a row typed before the entity became a document: the initial state). */
export function documentStatus(document: DocumentDefinition, row: Record<string, unknown>): string {
  const value = row[document.statusField];
  return typeof value === 'string' && value in document.states ? value : document.initial;
}
