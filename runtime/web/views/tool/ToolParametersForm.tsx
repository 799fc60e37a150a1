import { Box, CircularProgress } from '@mui/material';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { defaultFormStateBehavior } from '../form/defaultFormStateBehavior.ts';
import { formValidator } from '../form/formValidator.ts';
import { ThemedForm } from '../form/ThemedForm.ts';
import { applyParameterRules } from './applyParameterRules.ts';
import { ParameterArrayItem, ParameterArrayTemplate } from './ParameterArrayTemplate.tsx';
import { ToolParametersTemplate } from './ToolParametersTemplate.tsx';
import type { ToolScreen } from './toolTypes.ts';

type Values = Record<string, unknown>;

/**
 * The declared parameters of a tool or upload screen as a form (rjsf, no submit button, rules applied,
 * the declared grid, declared arrays as groups, errors under their fields), or a progress spinner while their options load (`schema` null).
 */
export function ToolParametersForm(props: {
  parameters: ToolScreen['parameters'];
  schema: RJSFSchema | null;
  values: Values;
  onChange: (values: Values) => void;
  /** Enter pressed in the form (the declared `submit` action). */
  onSubmit?: () => void;
  /** Messages shown under their fields (`validate`, a refused request's fields). */
  errors?: ErrorSchema;
}) {
  const { parameters, schema, values } = props;
  if (!schema)
    return (
      <Box role="status" aria-label="Carregando" sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );
  return (
    <ThemedForm
      schema={schema}
      uiSchema={{ ...applyParameterRules(parameters, values), 'ui:submitButtonOptions': { norender: true } }}
      formData={values}
      formContext={{
        columns: parameters.columns,
        tables: parameters.tables,
        arrays: parameters.arrays,
        values,
        onChange: props.onChange,
      }}
      templates={{
        ObjectFieldTemplate: ToolParametersTemplate,
        ArrayFieldTemplate: ParameterArrayTemplate,
        ArrayFieldItemTemplate: ParameterArrayItem,
      }}
      extraErrors={props.errors}
      validator={formValidator}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      onChange={(event) => props.onChange(event.formData as Values)}
      onSubmit={() => props.onSubmit?.()}
      showErrorList={false}
      noHtml5Validate
    />
  );
}
