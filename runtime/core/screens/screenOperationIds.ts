import { findMembers } from './findMembers.ts';

/** Every `operationId` a screen declaration names, with the JSON pointer where it stands. */
export function screenOperationIds(declaration: unknown): Array<{ pointer: string; operationId: string }> {
  return findMembers(declaration, 'operationId').map(({ pointer, value }) => ({
    pointer,
    operationId: value,
  }));
}
