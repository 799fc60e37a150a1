import { readPath } from '../../../core/readPath.ts';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import type { UploadAnswer, UploadScreen } from './uploadTypes.ts';

/** The rows at a dotted path of an answer ("" is the answer itself); none when it is no array. */
export function rowsAt(answer: unknown, path: string): unknown[] {
  const value = path ? readPath(answer, path.split('.')) : answer;
  return Array.isArray(value) ? value : [];
}

/** The declared counts of a preview answer: the rows at each path that match its `where` condition. */
export function countRows(
  counts: UploadScreen['counts'],
  answer: UploadAnswer | null,
): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, count] of Object.entries(counts ?? {}))
    result[name] = rowsAt(answer, count.items).filter(
      (row) => !count.where || conditionHolds(count.where, row),
    ).length;
  return result;
}
