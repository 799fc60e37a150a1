import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { type DeclaredForm, type FormButton, useDeclaredForm } from './useDeclaredForm.tsx';

/**
 * A lookup's declared form in a dialog titled by its button: a new record (`row` absent, the create
 * button) or the row's (the edit button, placeholders from the row); the server's refusal and the
 * button's notice above the fields.
 */
export function DeclaredFormDialog(props: {
  form: DeclaredForm;
  button: FormButton;
  row?: Record<string, unknown>;
  params?: Record<string, string>;
  onClose(): void;
  onSaved(): void;
}) {
  const { button, row } = props;
  const { fields, submit, saving, serverError, notice } = useDeclaredForm(props);
  const title = row ? fillFormatted(button.title, row) : button.title;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="declared-form-dialog">
      <DialogTitle id="declared-form-dialog">{title}</DialogTitle>
      <DialogContent>
        {serverError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {notice && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {notice}
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
