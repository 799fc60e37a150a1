import { HttpError } from '../../errors.ts';
import { runTransition } from '../documents/runTransition.ts';
import type { ScreenToolContext } from '../screenTools/runScreenTool.ts';
import { dataBrasileira, lerEventoCancelamento } from './lerXmlNfe.ts';

/**
 * A supplier cancelled an NF-e (event 110111 registered by SEFAZ, given as a procEventoNFe file or inside
 * the note's own file): the entry of that key in the selected branch is cancelled through its document
 * transition `cancelar` — which reverses the stock it posted and cancels its contas a pagar, refused
 * while one has a baixa — and keeps the event's protocol and date. An entry already cancelled answers as
 * it stands; no entry with the key is a 404.
 */
export async function cancelarPorEvento(context: ScreenToolContext, xml: string) {
  const evento = lerEventoCancelamento(xml);
  const { tx, scope } = context;
  const entrada = await tx.maybeOne<{ id: number; situacao: string; numero: number }>(
    'SELECT id::int AS id, situacao, numero FROM nota_entrada WHERE chave = $1 AND filial_id = $2',
    [evento.chave, scope.filialId],
  );
  if (!entrada)
    throw new HttpError(
      404,
      'ENTRADA_NAO_ENCONTRADA',
      `Nenhuma entrada desta filial tem a chave ${evento.chave}: não há o que cancelar.`,
    );
  const registro = `Protocolo ${evento.protocolo}${evento.dataEvento ? ` em ${dataBrasileira(evento.dataEvento)}` : ''}${evento.justificativa ? `: ${evento.justificativa}` : ''}`;
  const jaCancelada = entrada.situacao === 'cancelada';
  if (!jaCancelada) {
    const transition = context.record.entity.document?.transitions.find((t) => t.action === 'cancelar');
    if (!transition) throw new Error('notaEntrada sem a transição cancelar');
    await runTransition(context, entrada.id, transition, new Date().toISOString());
  }
  await tx.query('UPDATE nota_entrada SET cancelada_pelo_emitente = $2 WHERE id = $1', [
    entrada.id,
    registro.slice(0, 200),
  ]);
  return {
    id: entrada.id,
    numero: entrada.numero,
    chave: evento.chave,
    protocolo: evento.protocolo,
    jaCancelada,
  };
}
