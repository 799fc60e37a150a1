import type { DocumentAction, DocumentTransition } from '../../core/documents/documentDefinition.ts';
import type { RecordContext } from '../services/records/recordContext.ts';
import type { DomainEvent } from './domainEvents.ts';

/** What a posting service receives: the transition's transaction and the document as it stands. */
export interface PostingContext extends RecordContext {
  /** The document row in API shape (its child collections included), locked FOR UPDATE. */
  doc: Record<string, unknown>;
  /** The transition, or the action without a state change (entity `actions`), that runs the posting. */
  transition: DocumentTransition | DocumentAction;
  /** Moment of the transition (the date of reversing rows), ISO 8601. */
  agora: string;
  /**
   * Domain events of other documents this posting changed (a nota de entrada receiving a pedido de
   * compra): the transition route writes them to the webhook outbox in the same transaction and emits
   * them after the commit, as its own.
   */
  events?: DomainEvent[];
}

/** A posting service: writes ledger rows for a document inside the transition's transaction. */
export type PostingService = (context: PostingContext) => Promise<void>;
