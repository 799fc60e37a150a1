import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { type DeclaredForm, useDeclaredForm } from './useDeclaredForm.tsx';

/**
 * A lookup's declared form in a dialog: a new record (`row` absent) titled by the create button, or the
 * row's titled by the edit button (placeholders from the row); the server's refusal above the fields.
 */
export function DeclaredFormDialog(props: {
  form: DeclaredForm;
  row?: Record<string, unknown>;
  onClose(): void;
  onSaved(): void;
}) {
  const { form, row } = props;
  const { fields, submit, saving, serverError } = useDeclaredForm(props);
  const title = row && form.edit ? fillFormatted(form.edit.title, row) : form.create.title;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="declared-form-dialog">
      <DialogTitle id="declared-form-dialog">{title}</DialogTitle>
      <DialogContent>
        {serverError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        <Box sx={{ pt: 1 }}>{fields}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button variant="contained" disabled={saving} onClick={submit}>
          {saving ? 'Carregando...' : 'Salvar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
