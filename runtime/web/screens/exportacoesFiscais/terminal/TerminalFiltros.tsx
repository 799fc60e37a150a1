import { Box, Checkbox, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import type { CategoryOption } from '../../estoque/alteracaoPreco/categoryOptions.ts';
import type { TerminalForm } from './useExportacaoTerminal.ts';

interface Props {
  form: TerminalForm;
  setForm: (patch: Partial<TerminalForm>) => void;
  categorias: CategoryOption[];
  marcas: Array<{ id: number; descricao: string }>;
}

const check = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
  <FormControlLabel
    control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    label={label}
  />
);

/** Which produtos (category, brand, active, with barcode) and how the lines are laid out. */
export function TerminalFiltros({ form, setForm, categorias, marcas }: Props) {
  const delimitado = form.tipo === 'delimitado';
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Produtos
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          select
          label="Categoria"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1 }}>
        {check('Somente produtos ativos', form.somenteAtivos, (value) => setForm({ somenteAtivos: value }))}
        {check('Somente com código de barras', form.somenteComCodigoBarras, (value) =>
          setForm({ somenteComCodigoBarras: value }),
        )}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 2 }}>
        Layout do arquivo
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <TextField
          select
          label="Layout"
          value={form.tipo}
          onChange={(event) => setForm({ tipo: event.target.value as TerminalForm['tipo'] })}
          helperText={
            delimitado
              ? 'Código de barras, descrição, preço e estoque separados'
              : 'Código 14, descrição 40, preço 10 (centavos), estoque 10 (milésimos)'
          }
        >
          <MenuItem value="delimitado">Delimitado (com separador)</MenuItem>
          <MenuItem value="fixo">Largura fixa</MenuItem>
        </TextField>
        <TextField
          select
          label="Separador de campos"
          value={form.separador}
          disabled={!delimitado}
          onChange={(event) => setForm({ separador: event.target.value as TerminalForm['separador'] })}
        >
          <MenuItem value=";">Ponto e vírgula ( ; )</MenuItem>
          <MenuItem value="|">Barra vertical ( | )</MenuItem>
          <MenuItem value=",">Vírgula ( , )</MenuItem>
          <MenuItem value="tab">Tabulação</MenuItem>
        </TextField>
        <TextField
          select
          label="Separador decimal"
          value={form.separadorDecimal}
          disabled={!delimitado}
          onChange={(event) =>
            setForm({ separadorDecimal: event.target.value as TerminalForm['separadorDecimal'] })
          }
        >
          <MenuItem value=",">Vírgula (9,99)</MenuItem>
          <MenuItem value=".">Ponto (9.99)</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ mt: 1 }}>
        {check('Incluir estoque da filial', form.incluirEstoque, (value) =>
          setForm({ incluirEstoque: value }),
        )}
      </Box>
    </Paper>
  );
}
