import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { EmptyOptions } from '../tool/EmptyOptions.tsx';
import { fillFormatted, formulaText } from '../tool/fillFormatted.ts';
import { LinkedText } from '../tool/LinkedText.tsx';
import { rowsAt } from './countRows.ts';
import { CsvUploadView } from './csv/CsvUploadView.tsx';
import { previewOf } from './previewOf.ts';
import { RawUploadView } from './raw/RawUploadView.tsx';
import { UploadInputs } from './UploadInputs.tsx';
import type { UploadScreen } from './uploadTypes.ts';
import { useUploadController } from './useUploadController.ts';

/**
 * The generic renderer of `upload` screens: heading and description, the parameters beside the file
 * button, chips about the previewed file, the grid of what happens per line and the confirm button
 * (with the permission it needs), and the summary of what the confirmation did.
 */
export function UploadView({ declaration }: { declaration: UploadScreen }) {
  if (declaration.file.parse === 'csv') return <CsvUploadView declaration={declaration} />;
  if (declaration.file.send === 'raw' || declaration.file.send === 'json')
    return <RawUploadView declaration={declaration} />;
  return <FileUploadView declaration={declaration} />;
}

/** An upload whose file travels in base64 to the preview and confirm operations. */
function FileUploadView({ declaration }: { declaration: UploadScreen }) {
  const c = useUploadController(declaration);
  const { parameters, confirm: confirmSpec } = declaration;
  const previewSpec = previewOf(declaration);
  const placeholders = { ...c.preview, ...c.counts };
  const rows = c.preview ? rowsAt(c.preview, previewSpec.grid?.items ?? '') : [];
  const summary =
    c.result && confirmSpec.summary
      ? confirmSpec.summary.parts
          .map((part) => formulaText(part, c.result))
          .filter(Boolean)
          .join(' · ')
      : '';
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {declaration.title}
      </Typography>
      {declaration.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {declaration.description}
        </Typography>
      )}
      <EmptyOptions sources={c.emptyOptions} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <UploadInputs
            declaration={declaration}
            form={c}
            disabled={c.busy || (parameters !== undefined && !c.schema) || c.emptyOptions.length > 0}
            formSx={{ flexGrow: 1, minWidth: 0 }}
            buttonSx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          />
        </Stack>
        {c.preview && (previewSpec.chips?.length ?? 0) > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {previewSpec.chips?.map((chip) => {
              const label = formulaText(chip.text, placeholders);
              return (
                <Chip key={label} icon={chip.icon ? <Icon>{chip.icon}</Icon> : undefined} label={label} />
              );
            })}
          </Stack>
        )}
      </Paper>
      <Box sx={{ height: 4, mb: 1 }}>{c.busy && <LinearProgress aria-label="Carregando" />}</Box>
      {c.chosen && c.missing && declaration.missing && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {declaration.missing}
        </Alert>
      )}
      {summary && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {summary}
          {confirmSpec.summary?.suffix && <LinkedText text={confirmSpec.summary.suffix} />}
        </Alert>
      )}
      {c.preview && previewSpec.grid && (
        <Paper sx={{ mb: 2 }}>
          {rows.length === 0 && previewSpec.grid.empty ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {previewSpec.grid.empty}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <DeclaredTable label={previewSpec.grid.label} columns={previewSpec.grid.columns} rows={rows} />
            </Box>
          )}
          <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
            {!c.canConfirm && confirmSpec.readOnly && (
              <Typography variant="body2" color="text.secondary">
                {confirmSpec.readOnly}
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={confirmSpec.icon ? <Icon>{confirmSpec.icon}</Icon> : undefined}
              onClick={() => void c.confirm()}
              disabled={c.busy || c.pending === 0 || !c.canConfirm}
            >
              {fillFormatted(confirmSpec.label, placeholders)}
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
