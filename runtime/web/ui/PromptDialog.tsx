import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { CONFIRM_DIALOG_DEFAULTS } from '../../core/constants.ts';
import { faltamCaracteres } from './faltamCaracteres.ts';

export interface PromptOptions {
  title: string;
  /** Text above the field. */
  message?: ReactNode;
  /** Label of the text field. */
  label: string;
  minLength?: number;
  maxLength?: number;
  help?: string;
  confirmLabel?: string;
}

/**
 * A dialog asking for one text (a justificativa, a correção): the confirming button stays disabled until
 * the trimmed text has `minLength` characters; resolves the text, or null when cancelled.
 */
export function PromptDialog({
  options,
  onClose,
}: {
  options: PromptOptions;
  onClose(value: string | null): void;
}) {
  const [text, setText] = useState('');
  const missing = faltamCaracteres(text, options.minLength);
  const count = `${text.trim().length}${options.maxLength ? ` de ${options.maxLength}` : ''} caracteres.`;
  return (
    <Dialog open onClose={() => onClose(null)} maxWidth="sm" fullWidth>
      <DialogTitle>{options.title}</DialogTitle>
      <DialogContent>
        {options.message && (
          <Typography component="div" sx={{ mb: 2 }}>
            {options.message}
          </Typography>
        )}
        <TextField
          label={options.label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: options.maxLength } }}
          helperText={[options.help, missing || count].filter(Boolean).join(' ')}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{CONFIRM_DIALOG_DEFAULTS.cancel}</Button>
        <Button variant="contained" disabled={missing !== ''} onClick={() => onClose(text.trim())}>
          {options.confirmLabel ?? CONFIRM_DIALOG_DEFAULTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
