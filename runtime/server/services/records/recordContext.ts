import type { AuthInfo } from '../../context.ts';
import type { Tx } from '../../db/database.ts';
import type { RecordScope } from './buildRecordQuery.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';

/** What every records service receives: the tenant transaction, the entity, the tenant and relation targets. */
export interface RecordContext {
  tx: Tx;
  record: RecordEntity;
  scope: RecordScope;
  /** Relation targets: for includes, throws 403 when the user may not view the target. */
  targetOf: TargetResolver;
  /** Relation targets for existence checks on writes (no permission check). */
  lookupTarget: TargetResolver;
  /** Who asks (a user or an API key): entity hooks that check what the caller may grant read it. */
  auth?: AuthInfo;
}
