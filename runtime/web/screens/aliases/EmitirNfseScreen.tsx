import { FormView } from '../../views/form/FormView.tsx';

/**
 * NFS-e › Emitir NFS-e (pages/vendas/pedido-vendas/cadastrar/:servico): a new service order, from which
 * the NFS-e is issued (the create form of the pedidoServico view).
 */
export default function EmitirNfseScreen() {
  return <FormView entityName="pedidoServico" mode="create" />;
}
