import { Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../core/formatDate.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { LookupSection } from '../../views/lookup/LookupSection.tsx';
import { useDeclaredLookup } from '../../views/lookup/useDeclaredLookup.ts';
import { AdminPage } from '../admin/AdminPage.tsx';
import { CsvUploadPanel } from './CsvUploadPanel.tsx';
import type { IbptCestImportacao } from './ibptFormat.ts';
import { MODELO_CEST } from './modeloCest.ts';

const FORMAT = (
  <>
    Tabela do Convênio ICMS 142/2018 (Anexos II a XXVI) em CSV separado por ponto e vírgula, UTF-8 ou
    Windows-1252, com o cabeçalho <code>cest;ncm;descricao;segmento;item</code> (segmento e item são
    opcionais). Uma linha por CEST; o CEST pode ter pontos (01.001.00); a coluna ncm aceita uma ou mais
    posições NCM/SH de 2 a 8 dígitos separadas por espaço (ex.: <code>2201.10.00 2201.90.00</code>) — uma
    posição curta, como 3917, abrange todos os NCMs que começam por ela. A importação é feita por inteiro ou
    não é feita, e substitui a tabela atual.
  </>
);

function Resumo({ importacao }: { importacao: IbptCestImportacao | null | undefined }) {
  if (importacao === undefined) return null;
  return (
    <Paper component="section" aria-label="Tabela carregada" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Tabela carregada
      </Typography>
      {importacao === null ? (
        <Typography color="text.secondary">Nenhuma tabela CEST importada.</Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 4 }}>
          <Typography>
            <strong>{importacao.cests.toLocaleString('pt-BR')}</strong> CESTs ·{' '}
            {importacao.ncms.toLocaleString('pt-BR')} posições NCM/SH
          </Typography>
          <Typography color="text.secondary">Arquivo: {importacao.arquivo || '—'}</Typography>
          <Typography color="text.secondary">
            Importado em {formatDateTime(importacao.importadoEm)} por {importacao.importadoPor}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Administrador › Importação IBPT (CEST) (platform staff): loads the CEST table (CEST × NCM/SH) the product
 * form and invoices use, shows the last import and searches it.
 */
export default function IbptCestScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [importacao, setImportacao] = useState<IbptCestImportacao | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  // The search (schemas/screens/ibpt-cest-busca): remounted after an import.
  const busca = useDeclaredLookup('ibpt-cest-busca');

  const load = useCallback(async () => {
    const { data, error } = await api.GET('/api/Ibpt/cest/importacao');
    if (error) return void showError(error);
    setImportacao(data?.importacao ?? null);
  }, [api, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AdminPage
      title="Importação IBPT (CEST)"
      avancoOnly
      description="Códigos Especificadores da Substituição Tributária (CEST) e os NCMs que cada um abrange, usados no cadastro de produtos e nas notas."
    >
      <CsvUploadPanel
        title="Importar tabela CEST"
        format={FORMAT}
        modelo={{ filename: 'modelo-importacao-cest.csv', content: MODELO_CEST }}
        confirmMessage={(chosen) =>
          importacao
            ? `A tabela CEST atual (${importacao.cests.toLocaleString('pt-BR')} CESTs) será substituída pelas ${chosen.linhas.toLocaleString('pt-BR')} linhas do arquivo ${chosen.file.name}. Deseja continuar?`
            : `Serão importadas ${chosen.linhas.toLocaleString('pt-BR')} linhas do arquivo ${chosen.file.name}. Deseja continuar?`
        }
        send={(file) =>
          api.POST('/api/Ibpt/cest/importar', {
            params: { query: { arquivo: file.name } },
            // The body is the file itself (decoded on the server as UTF-8 or Windows-1252), not JSON.
            body: file as never,
            bodySerializer: (body: unknown) => body as Blob,
            headers: { 'Content-Type': 'text/csv' },
          })
        }
        onImported={(data: IbptCestImportacao) => {
          setImportacao(data);
          setVersion((value) => value + 1);
          return `Tabela CEST importada: ${data.cests.toLocaleString('pt-BR')} CESTs em ${data.linhas.toLocaleString('pt-BR')} linhas.`;
        }}
      />
      <Resumo importacao={importacao} />
      <LookupSection key={version} declaration={busca} heading />
    </AdminPage>
  );
}
