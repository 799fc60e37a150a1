import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { PriceChangeFilters } from './PriceChangeFilters.tsx';
import { PriceChangePreview } from './PriceChangePreview.tsx';
import { usePriceChange } from './usePriceChange.ts';

/**
 * Estoque › Alteração de preço (key VENDAS_ALTERACAO_PRECO): choose produtos by category (with its
 * subcategories), brand and text, a rule over the sale price, preview the new prices page by page, then
 * apply them all in one transaction (ALTERAR) after a confirmation (POST /api/Produtos/alteracao-preco).
 */
export default function AlteracaoPrecoScreen() {
  const controller = usePriceChange();
  const { preview, busy, applied, canApply } = controller;
  const blocked =
    !preview || preview.alterados === 0 || Boolean(preview.invalidos) || Boolean(preview.excedeLimite);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Alteração de preço
      </Typography>
      <PriceChangeFilters
        form={controller.form}
        setForm={controller.setForm}
        categorias={controller.categorias}
        marcas={controller.marcas}
        problem={controller.problem}
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<Icon>visibility</Icon>}
          onClick={() => void controller.previewNow()}
          disabled={busy}
        >
          Pré-visualizar
        </Button>
        <Button
          variant="contained"
          startIcon={<Icon>price_change</Icon>}
          onClick={() => void controller.apply()}
          disabled={busy || blocked || !canApply}
        >
          Aplicar
        </Button>
        {!canApply && (
          <Typography variant="body2" color="text.secondary">
            Seu perfil permite apenas consultar; para aplicar é preciso permissão de alteração.
          </Typography>
        )}
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {applied && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Preço de venda alterado em {applied.alterados} de {applied.total} produto(s) encontrado(s).
        </Alert>
      )}
      {preview?.excedeLimite && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Os filtros atingem mais de {preview.limite?.toLocaleString('pt-BR')} produtos; refine-os para
          aplicar em partes.
        </Alert>
      )}
      {Boolean(preview?.invalidos) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          O novo preço de {preview?.invalidos} produto(s) ficaria zerado ou negativo; ajuste o valor ou os
          filtros.
        </Alert>
      )}
      {preview && (
        <PriceChangePreview
          preview={preview}
          page={controller.page}
          showMargins={controller.form.recalcularMargens}
          onPage={controller.changePage}
        />
      )}
    </Box>
  );
}
