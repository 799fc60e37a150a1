import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { CsvImportPanel } from '../../importacao/CsvImportPanel.tsx';
import type { ImportSource } from '../../importacao/importTypes.ts';
import { useCsvImport } from '../../importacao/useCsvImport.ts';

const KEY = 'ESTOQUE_IMPORTAR_ARQUIVO';

/**
 * Estoque › Importar arquivo (key ESTOQUE_IMPORTAR_ARQUIVO): produtos from a CSV file through the
 * produto import routes — the generic CSV import flow (also used by Configurações › Importação de dados).
 */
export default function ImportarArquivoScreen() {
  const { api } = useRuntime();
  const { user } = useSession();
  const canImport = checkPermission(user, KEY, PermissionLevel.CRIAR);
  const source = useMemo<ImportSource>(
    () => ({
      id: 'produto',
      noun: { singular: 'produto', plural: 'produtos', gender: 'm' },
      canImport,
      fields: () => api.GET('/api/Produtos/importacao/campos'),
      send: (acao, linhas) => api.POST('/api/Produtos/importacao', { body: { acao, linhas } }),
    }),
    [api, canImport],
  );
  const controller = useCsvImport(source);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Importar arquivo
      </Typography>
      <CsvImportPanel
        controller={controller}
        entity="produto"
        hint="Categoria e marca são informadas pelo nome já cadastrado."
      />
    </Box>
  );
}
