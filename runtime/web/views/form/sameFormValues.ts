import { deepEquals } from '@rjsf/utils';

type Data = Record<string, unknown>;

/** Drops empty values: a field left blank and one never touched are the same. */
const filled = (data: Data): Data =>
  Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );

/** True when two form states hold the same values (what the unsaved-changes guard compares). */
export function sameFormValues(a: Data, b: Data): boolean {
  return deepEquals(filled(a), filled(b));
}
