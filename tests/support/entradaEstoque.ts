type Request = (method: string, url: string, payload?: unknown) => Promise<unknown>;

/**
 * Puts `quantidade` units of a product into a depósito at `custoUnitario` through the engine: a
 * DocumentoEstoque de entrada, efetivado (ledger row and balance), by the test's request helper.
 */
export async function entradaEstoque(
  request: Request,
  item: { depositoId: unknown; produtoId: unknown; quantidade: number; custoUnitario: number },
  data = '2026-01-05T12:00:00Z',
): Promise<void> {
  const entrada = (await request('POST', '/api/DocumentosEstoque', {
    tipo: 'E',
    data,
    depositoId: item.depositoId,
    motivo: 'Compra',
    itens: [
      {
        numeroItem: 1,
        produtoId: item.produtoId,
        quantidade: item.quantidade,
        custoUnitario: item.custoUnitario,
      },
    ],
  })) as { id: number };
  await request('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
}
