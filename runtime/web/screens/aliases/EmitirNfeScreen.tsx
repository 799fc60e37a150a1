import { FormView } from '../../views/form/FormView.tsx';

/** NF-e › Emitir NF-e: a new outgoing note (the create form of the notaFiscalSaida view). */
export default function EmitirNfeScreen() {
  return <FormView entityName="notaFiscalSaida" mode="create" />;
}
