import { includeChildren } from './includeChildren.ts';
import type { ChildWrite } from './prepareChildren.ts';
import type { RecordContext } from './recordContext.ts';

/** The written record as a write returns it: with each collection sent, read back in order. */
export async function returnWithChildren(
  context: RecordContext,
  row: Record<string, unknown>,
  writes: ChildWrite[],
): Promise<Record<string, unknown>> {
  if (writes.length === 0) return row;
  const include = writes.map((write) => ({ relation: write.name }));
  await includeChildren(context.tx, context.record, [row], include, context.scope, context.lookupTarget);
  return row;
}
