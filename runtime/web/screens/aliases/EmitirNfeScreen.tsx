import { useNavigate } from 'react-router-dom';
import { FormView } from '../../views/form/FormView.tsx';

/**
 * NF-e › Emitir NF-e: a new outgoing note (the create form of the notaFiscalSaida view); once saved, the
 * emission screen of that note (preview of items and taxes, Transmitir).
 */
export default function EmitirNfeScreen() {
  const navigate = useNavigate();
  return (
    <FormView
      entityName="notaFiscalSaida"
      mode="create"
      afterSave={(saved) => navigate(`/pages/nfe/notas-processadas/emitir/${String(saved.id)}`)}
    />
  );
}
