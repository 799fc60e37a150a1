import { Alert, Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { CsvImportPanel } from './CsvImportPanel.tsx';
import type { ImportEntity, ImportSource } from './importTypes.ts';
import { useCsvImport } from './useCsvImport.ts';

/**
 * Configurações › Importação de dados (key CONFIG_IMPORTACAO_DADOS): clientes, fornecedores,
 * transportadoras, produtos, serviços or categorias from a CSV file. The entities come from the server
 * (labels as the white-label names them); one the profile may not create (CRIAR on its own key) is
 * listed but disabled.
 */
export default function ImportacaoDadosScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [entities, setEntities] = useState<ImportEntity[] | null>(null);
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    let active = true;
    void api.GET('/api/Importacoes').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setEntities(data);
      setChosen(data.find((entity) => entity.podeImportar)?.entidade ?? '');
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const target = entities?.find((entity) => entity.entidade === chosen && entity.podeImportar);
  const source = useMemo<ImportSource | null>(() => {
    if (!target) return null;
    const path = { params: { path: { entidade: target.entidade } } };
    return {
      id: target.entidade,
      noun: {
        singular: target.label.toLowerCase(),
        plural: target.labelPlural.toLowerCase(),
        gender: target.genero === 'f' ? 'f' : 'm',
      },
      canImport: true,
      fields: () => api.GET('/api/Importacoes/{entidade}/campos', path),
      send: (acao, linhas) =>
        acao === 'importar'
          ? api.POST('/api/Importacoes/{entidade}/importar', { ...path, body: { linhas } })
          : api.POST('/api/Importacoes/{entidade}/validar', { ...path, body: { linhas } }),
    };
  }, [api, target]);
  const controller = useCsvImport(source);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Importação de dados
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Traga os cadastros de outro sistema ou de uma planilha: escolha o que importar, baixe o modelo CSV
          (ou use o seu arquivo), confira as colunas e valide. Nada é gravado enquanto houver linhas com erro.
        </Typography>
        <TextField
          select
          size="small"
          label="O que importar"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 320 }}
          disabled={!entities || controller.busy}
        >
          {(entities ?? []).map((entity) => (
            <MenuItem key={entity.entidade} value={entity.entidade} disabled={!entity.podeImportar}>
              {entity.labelPlural}
              {entity.podeImportar ? '' : ' (sem permissão)'}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {entities && !entities.some((entity) => entity.podeImportar) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Seu perfil não permite cadastrar nenhum destes itens. Fale com o administrador da empresa.
        </Alert>
      )}
      {target && <CsvImportPanel controller={controller} entity={target.entidade} />}
    </Box>
  );
}
