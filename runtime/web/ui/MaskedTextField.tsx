import { TextField, type TextFieldProps } from '@mui/material';

export type MaskedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  /** Turns what the person typed into the displayed value, e.g. phoneMask or a CPF/CNPJ mask. */
  mask: (value: string) => string;
  /** Receives the masked value. */
  onValueChange: (masked: string) => void;
};

/** A controlled TextField that applies a mask function to every change. */
export function MaskedTextField({ value, mask, onValueChange, ...props }: MaskedTextFieldProps) {
  return <TextField {...props} value={value} onChange={(event) => onValueChange(mask(event.target.value))} />;
}
