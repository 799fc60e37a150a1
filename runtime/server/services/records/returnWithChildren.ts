import { applyIncludes } from './includeRelations.ts';
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
  const resolvers = { targetOf: context.lookupTarget, lookupTarget: context.lookupTarget };
  await applyIncludes(context.tx, context.record, [row], include, context.scope, resolvers);
  return row;
}
