import type { DomainEvent } from '../../postings/domainEvents.ts';

/**
 * The names a domain event is delivered under: a document transition (`pedidoVenda.faturar`, situacao
 * `faturado`) is the event `pedidoVenda.faturado` — the state it reached, as webhooks name what happened —
 * and a subscription to the action's name receives it too; a transition declaring `event` is named by it
 * (`notaEntrada.confirmada`), the state's name subscribing too; a record event (`cliente.criado`) is itself.
 */
export function webhookEventNames(event: DomainEvent): { evento: string; aliases: string[] } {
  if (!event.situacao) return { evento: event.event, aliases: [event.event] };
  const entidade = event.event.slice(0, event.event.lastIndexOf('.'));
  const porEstado = `${entidade}.${event.situacao}`;
  const evento = event.nome ?? porEstado;
  return { evento, aliases: [...new Set([evento, porEstado, event.event])] };
}

/** The JSON body every webhook receives (a thin event: read the record through the API for its data). */
export function webhookBody(event: DomainEvent, evento: string, ocorridoEm: Date): string {
  return JSON.stringify({
    evento,
    ocorridoEm: ocorridoEm.toISOString(),
    empresaId: event.empresaId,
    dados: {
      id: event.id,
      ...(event.situacao === undefined ? {} : { situacao: event.situacao, acao: event.event }),
    },
  });
}
