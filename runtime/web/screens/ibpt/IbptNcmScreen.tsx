import { Box, MenuItem, TextField } from '@mui/material';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { ufFromIbptFileName } from '../../../core/ufFromIbptFileName.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { LookupSection } from '../../views/lookup/LookupSection.tsx';
import { useDeclaredLookup } from '../../views/lookup/useDeclaredLookup.ts';
import { AdminPage } from '../admin/AdminPage.tsx';
import { CsvUploadPanel } from './CsvUploadPanel.tsx';
import type { IbptNcmTabela } from './ibptFormat.ts';
import { NcmTabelas } from './NcmTabelas.tsx';
import { UF_OPTIONS } from './ufOptions.ts';

const HEADER = [
  'codigo',
  'ex',
  'tipo',
  'descricao',
  'nacionalfederal',
  'importadosfederal',
  'estadual',
  'municipal',
  'vigenciainicio',
  'vigenciafim',
  'chave',
  'versao',
  'fonte',
];

const FORMAT = (
  <>
    Arquivo CSV da tabela “De Olho no Imposto” (Lei 12.741/2012) baixado no portal do IBPT, um por UF (ex.:
    TabelaIBPTaxSP26.1.A.csv), separado por ponto e vírgula, em Windows-1252 ou UTF-8, com o cabeçalho
    <Box component="code" sx={{ display: 'block', my: 0.5 }}>
      {HEADER.map((column, index) => (
        <Fragment key={column}>
          {index > 0 && ';'}
          <wbr />
          {column}
        </Fragment>
      ))}
    </Box>
    Tipo 0 é NCM, 1 é NBS e 2 é item da LC 116; datas em dd/mm/aaaa; alíquotas com vírgula ou ponto. A
    importação é feita por inteiro ou não é feita, e substitui a tabela que a UF já tiver.
  </>
);

/**
 * Administrador › Importação IBPT (NCM) (platform staff): loads the IBPT table of each UF, lists the UFs
 * loaded and searches the approximate rates used for the "Valor aproximado dos tributos".
 */
export default function IbptNcmScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [tabelas, setTabelas] = useState<IbptNcmTabela[] | null>(null);
  const [uf, setUf] = useState('');
  const [version, setVersion] = useState(0);
  // The search (schemas/screens/ibpt-ncm-busca): remounted after an import or removal, so its UFs follow.
  const busca = useDeclaredLookup('ibpt-ncm-busca');

  const load = useCallback(async () => {
    const { data, error } = await api.GET('/api/Ibpt/ncm/tabelas');
    if (error) return void showError(error);
    setTabelas(data ?? []);
  }, [api, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const loaded = tabelas?.find((tabela) => tabela.uf === uf);
  const reload = () => {
    setVersion((value) => value + 1);
    void load();
  };

  return (
    <AdminPage
      title="Importação IBPT (NCM)"
      avancoOnly
      description="Alíquotas aproximadas de tributos por NCM, NBS e item da LC 116, usadas no “Valor aproximado dos tributos” das notas e cupons."
    >
      <CsvUploadPanel
        title="Importar tabela IBPT"
        format={FORMAT}
        onChoose={(file) => {
          const fromName = ufFromIbptFileName(file.name);
          if (fromName && UF_OPTIONS.some((option) => option.uf === fromName)) setUf(fromName);
        }}
        blocker={uf ? null : 'Escolha a UF da tabela.'}
        confirmMessage={(chosen) =>
          loaded
            ? `A tabela de ${uf} (versão ${loaded.versao}, ${loaded.linhas.toLocaleString('pt-BR')} linhas) será substituída pelas ${chosen.linhas.toLocaleString('pt-BR')} linhas do arquivo ${chosen.file.name}. Deseja continuar?`
            : `Serão importadas ${chosen.linhas.toLocaleString('pt-BR')} linhas do arquivo ${chosen.file.name} para a UF ${uf}. Deseja continuar?`
        }
        send={(file) =>
          api.POST('/api/Ibpt/ncm/importar', {
            params: { query: { uf, arquivo: file.name } },
            // The body is the file itself (decoded on the server as UTF-8 or Windows-1252), not JSON.
            body: file as never,
            bodySerializer: (body: unknown) => body as Blob,
            headers: { 'Content-Type': 'text/csv' },
          })
        }
        onImported={(tabela: IbptNcmTabela) => {
          reload();
          return `Tabela IBPT de ${tabela.uf} importada: ${tabela.linhas.toLocaleString('pt-BR')} linhas, versão ${tabela.versao}.`;
        }}
      >
        <TextField
          select
          size="small"
          label="UF"
          value={uf}
          onChange={(event) => setUf(event.target.value)}
          sx={{ width: 240, flexShrink: 0 }}
        >
          {UF_OPTIONS.map((option) => (
            <MenuItem key={option.uf} value={option.uf}>
              {option.uf} — {option.nome}
            </MenuItem>
          ))}
        </TextField>
      </CsvUploadPanel>
      <NcmTabelas tabelas={tabelas} onChanged={reload} />
      <LookupSection key={version} declaration={busca} heading />
    </AdminPage>
  );
}
