import { EventEmitter } from 'node:events';

/** A domain event: `<entidade>.<acao>` with the document's id and empresa. */
export interface DomainEvent {
  event: string;
  id: number;
  empresaId: number;
  situacao?: string;
  /** A transition's declared event name (`notaEntrada.confirmada`), when it differs from the state reached. */
  nome?: string;
}

/**
 * In-process bus of domain events, emitted after the transaction commits (never for a rolled-back
 * action). Later issues subscribe here (webhooks, dashboards); the records routes also push each event to
 * the empresa's browsers through realtime (socket.io, shared between processes).
 */
export const domainEvents = new EventEmitter();
domainEvents.setMaxListeners(50);
