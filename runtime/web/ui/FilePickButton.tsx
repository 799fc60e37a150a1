import Button, { type ButtonProps } from '@mui/material/Button';
import Icon from '@mui/material/Icon';
import { type ReactNode, useRef } from 'react';

/**
 * A button that opens the file chooser and hands over the chosen file. The hidden input carries
 * `inputLabel` as its accessible name (what tests and screen readers address) and is cleared after each
 * choice, so choosing the same file again (after fixing it) is seen.
 */
export function FilePickButton(
  props: {
    accept: string;
    inputLabel: string;
    onFile: (file: File) => void;
    children: ReactNode;
  } & Pick<ButtonProps, 'variant' | 'disabled' | 'sx'>,
) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        aria-label={props.inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) props.onFile(file);
        }}
      />
      <Button
        variant={props.variant ?? 'contained'}
        startIcon={<Icon>upload_file</Icon>}
        onClick={() => input.current?.click()}
        disabled={props.disabled}
        sx={props.sx}
      >
        {props.children}
      </Button>
    </>
  );
}
