import { type DomainEvent, domainEvents } from './domainEvents.ts';

/** Emits a committed domain event on the in-process bus: under its own name and under "*" (webhooks). */
export function emitDomainEvent(event: DomainEvent): void {
  domainEvents.emit(event.event, event);
  domainEvents.emit('*', event);
}
