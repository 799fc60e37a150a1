import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import GlobalStyles from '@mui/material/GlobalStyles';
import Icon from '@mui/material/Icon';
import { createPortal } from 'react-dom';
import { MAX_LABELS } from './etiquetaTypes.ts';
import { LabelItems } from './LabelItems.tsx';
import { LabelSheet } from './LabelSheet.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import { useEtiquetas } from './useEtiquetas.ts';

/**
 * Print stylesheet: on paper only the copy of the sheet rendered straight under <body> shows (the shell,
 * dialogs and the on-screen preview are hidden), with small page margins.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '#etiquetas-impressao': { display: 'none' },
      '@media print': {
        '@page': { margin: '5mm' },
        'body > *:not(#etiquetas-impressao)': { display: 'none !important' },
        body: { background: '#fff !important' },
        '#etiquetas-impressao': { display: 'block !important' },
      },
    }}
  />
);

/**
 * Estoque › Imprimir etiquetas (key ESTOQUE_ETIQUETA_IMPRIMIR): pick a label model (size and columns),
 * produtos and quantities, see the labels at real size (description, price in BRL, EAN-13 or Code 128
 * barcode drawn as SVG) and print them with the browser (window.print).
 */
export default function ImprimirEtiquetasScreen() {
  const controller = useEtiquetas();
  const { modelos, modelo, items, options, labels, total, tooMany } = controller;
  const ready = modelo !== null && total > 0 && !tooMany;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      {printStyles}
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Imprimir etiquetas
      </Typography>
      {modelos !== null && modelos.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nenhum modelo de etiqueta cadastrado.{' '}
          <Link href="#/pages/estoque/etiqueta/cadastrar">Cadastre um modelo</Link> com a largura, a altura e
          as colunas da sua etiqueta.
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, mb: 2 }}>
          <TextField
            select
            label="Modelo de etiqueta"
            value={controller.modeloId}
            onChange={(event) => controller.setModeloId(Number(event.target.value))}
            disabled={!modelos?.length}
          >
            {(modelos ?? []).map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.descricao} — {candidate.largura} × {candidate.altura} mm, {candidate.colunas ?? 1}{' '}
                coluna(s)
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label="Começar na posição"
            value={controller.inicio}
            onChange={(event) =>
              controller.setInicio(Math.max(1, Math.min(500, Number(event.target.value) || 1)))
            }
            helperText="Para aproveitar uma folha já usada"
            slotProps={{ htmlInput: { min: 1, max: 500 } }}
          />
        </Box>
        <ProductPicker onPick={controller.add} />
        <LabelItems items={items} onQuantity={controller.setQuantity} onRemove={controller.remove} />
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={options.mostrarPreco}
                onChange={(event) =>
                  controller.setOptions({ ...options, mostrarPreco: event.target.checked })
                }
              />
            }
            label="Mostrar preço"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={options.mostrarCodigoBarras}
                onChange={(event) =>
                  controller.setOptions({ ...options, mostrarCodigoBarras: event.target.checked })
                }
              />
            }
            label="Mostrar código de barras"
          />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="body2" color="text.secondary">
            {total} etiqueta(s)
          </Typography>
          <Button
            variant="contained"
            startIcon={<Icon>print</Icon>}
            onClick={() => window.print()}
            disabled={!ready}
          >
            Imprimir
          </Button>
        </Stack>
        {tooMany && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Imprima no máximo {MAX_LABELS} etiquetas por vez.
          </Alert>
        )}
      </Paper>
      {modelo && total > 0 && !tooMany && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Pré-visualização
          </Typography>
          <Box
            sx={{ overflowX: 'auto', bgcolor: 'grey.100', p: 2 }}
            aria-label="Pré-visualização das etiquetas"
          >
            <Box sx={{ display: 'inline-block', bgcolor: '#fff', p: '2mm', boxShadow: 1 }}>
              <LabelSheet modelo={modelo} labels={labels} options={options} outline />
            </Box>
          </Box>
        </Paper>
      )}
      {ready &&
        createPortal(
          <div id="etiquetas-impressao">
            <LabelSheet modelo={modelo} labels={labels} options={options} />
          </div>,
          document.body,
        )}
    </Box>
  );
}
