import {
  Box,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import type { CategoryOption } from './categoryOptions.ts';
import { MODES, type Mode, type PriceChangeForm } from './priceChangeTypes.ts';

interface Props {
  form: PriceChangeForm;
  setForm: (patch: Partial<PriceChangeForm>) => void;
  categorias: CategoryOption[];
  marcas: Array<{ id: number; descricao: string }>;
  problem: string | null;
}

/** Filters (which produtos) and rule (how the sale price changes) of Alteração de preço. */
export function PriceChangeFilters({ form, setForm, categorias, marcas, problem }: Props) {
  const percent = MODES[form.mode].tipo === 'percentual';
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Produtos
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <TextField
          select
          label="Categoria"
          value={form.categoriaId}
          onChange={(event) => setForm({ categoriaId: event.target.value })}
          helperText="Inclui as subcategorias"
        >
          <MenuItem value="">Todas</MenuItem>
          {categorias.map((categoria) => (
            <MenuItem key={categoria.id} value={String(categoria.id)}>
              {categoria.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Marca"
          value={form.marcaId}
          onChange={(event) => setForm({ marcaId: event.target.value })}
        >
          <MenuItem value="">Todas</MenuItem>
          {marcas.map((marca) => (
            <MenuItem key={marca.id} value={String(marca.id)}>
              {marca.descricao}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Descrição, código ou GTIN"
          value={form.busca}
          onChange={(event) => setForm({ busca: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={form.incluirInativos}
            onChange={(event) => setForm({ incluirInativos: event.target.checked })}
          />
        }
        label="Incluir produtos inativos"
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 2 }}>
        Alteração do preço de venda
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <TextField
          select
          label="Tipo de alteração"
          value={form.mode}
          onChange={(event) => setForm({ mode: event.target.value as Mode })}
        >
          {Object.entries(MODES).map(([mode, { label }]) => (
            <MenuItem key={mode} value={mode}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={percent ? 'Percentual' : 'Valor'}
          value={form.quantidade}
          onChange={(event) => setForm({ quantidade: event.target.value.replace(/[^\d.,]/g, '') })}
          error={Boolean(problem)}
          helperText={problem ?? (percent ? 'Ex.: 10 ou 7,5' : 'Ex.: 2,50')}
          slotProps={{
            htmlInput: { inputMode: 'decimal', maxLength: 15 },
            input: percent
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
          }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={form.recalcularMargens}
              onChange={(event) => setForm({ recalcularMargens: event.target.checked })}
            />
          }
          label="Recalcular margem e markup pelo custo"
        />
      </Box>
    </Paper>
  );
}
