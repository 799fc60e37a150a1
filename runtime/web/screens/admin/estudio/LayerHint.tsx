import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Chip, IconButton, Stack, Tooltip } from '@mui/material';

/**
 * Where a property's value comes from (DESIGN "Provenance"): the system's schemas, the white-label's files, or
 * the studio; a studio value has its own "Restaurar padrão" that goes back to the value below it.
 */
export function LayerHint({
  sistema,
  base,
  edited,
  onRestore,
  name,
}: {
  sistema: unknown;
  base: unknown;
  edited: unknown;
  onRestore(): void;
  name: string;
}) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (same(edited, base))
    return same(base, sistema) ? null : (
      <Chip
        size="small"
        variant="outlined"
        label="white-label"
        title="Definido nos arquivos do white-label"
      />
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip size="small" color="primary" variant="outlined" label="estúdio" title="Alterado no estúdio" />
      <Tooltip title="Restaurar padrão">
        <IconButton size="small" aria-label={`Restaurar padrão de ${name}`} onClick={onRestore}>
          <RestartAltIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
