import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';
import { ConfiguracaoCampoStep, type Opcao } from './ConfiguracaoCampoStep.tsx';

const ATIVAS = JSON.stringify({
  where: { ativo: true },
  order: 'descricao ASC',
  fields: ['id', 'descricao'],
});

/** Last step: the default operation nature of the branch's invoices, chosen among the active ones. */
export function NaturezaStep({
  valor,
  onSalvar,
}: {
  valor: number | null;
  onSalvar(id: number): Promise<void>;
}) {
  const { api } = useRuntime();
  const [opcoes, setOpcoes] = useState<Opcao[] | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => {
    recordsRequest<Array<{ id: number; descricao: string }>>(api, 'GET', '/api/NaturezasOperacao', {
      query: { filter: ATIVAS },
    })
      .then((rows) => setOpcoes(rows.map((row) => ({ value: row.id, label: row.descricao }))))
      .catch(() => setErro('Não foi possível carregar as naturezas de operação.'));
  }, [api]);
  if (erro) return <Alert severity="warning">{erro}</Alert>;
  if (!opcoes) return null;
  return (
    <ConfiguracaoCampoStep
      label="Natureza de operação padrão"
      help="A natureza de operação sugerida ao emitir uma nota de venda (por exemplo, Venda de mercadoria)."
      opcoes={opcoes}
      valor={valor}
      onSalvar={onSalvar}
      vazio={
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href="#/pages/fiscais/natureza-operacao/cadastrar">
              Cadastrar
            </Button>
          }
        >
          Nenhuma natureza de operação ativa cadastrada. Cadastre uma (por exemplo, Venda de mercadoria) e
          volte ao assistente.
        </Alert>
      }
    />
  );
}
