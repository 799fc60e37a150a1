import { Box, type SxProps } from '@mui/material';
import type { RJSFSchema } from '@rjsf/utils';
import { FilePickButton } from '../../ui/FilePickButton.tsx';
import { ToolParametersForm } from '../tool/ToolParametersForm.tsx';
import type { UploadScreen } from './uploadTypes.ts';

/** The parameters of an upload (when it declares any) followed by its file button. */
export function UploadInputs(props: {
  declaration: UploadScreen;
  form: {
    schema: RJSFSchema | null;
    values: Record<string, unknown>;
    change(values: Record<string, unknown>): void;
    choose(file: File): Promise<void>;
  };
  disabled: boolean;
  formSx: SxProps;
  variant?: 'contained' | 'outlined';
  buttonSx?: SxProps;
}) {
  const { parameters, file } = props.declaration;
  const { form } = props;
  return (
    <>
      {parameters && (
        <Box sx={props.formSx}>
          <ToolParametersForm
            parameters={parameters}
            schema={form.schema}
            values={form.values}
            onChange={form.change}
          />
        </Box>
      )}
      <FilePickButton
        accept={file.accept}
        inputLabel={file.inputLabel}
        onFile={(chosen) => void form.choose(chosen)}
        variant={props.variant}
        disabled={props.disabled}
        sx={props.buttonSx}
      >
        {file.label}
      </FilePickButton>
    </>
  );
}
