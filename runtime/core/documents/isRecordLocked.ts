import type { RecordLock } from './documentDefinition.ts';
import { matchesConditions } from './matchesConditions.ts';

/** True when the entity's `lock` holds for the record (any of its conditions), so it may not be changed. */
export function isRecordLocked(lock: RecordLock | undefined, row: Record<string, unknown>): boolean {
  return lock?.when.some((conditions) => matchesConditions(conditions, row)) ?? false;
}
