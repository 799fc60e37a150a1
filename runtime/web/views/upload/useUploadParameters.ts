import { useMemo, useState } from 'react';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { buildParameterSchema } from '../tool/buildParameterSchema.ts';
import { emptyOptionSources } from '../tool/EmptyOptions.tsx';
import { requiredFilled } from '../tool/requiredFilled.ts';
import { useParameterOptions } from '../tool/useParameterOptions.ts';
import type { UploadScreen } from './uploadTypes.ts';

type Values = Record<string, unknown>;

/**
 * The parameters of an upload screen: their values, their rjsf schema (options read from operations, a
 * sole option chosen; null while they load), the option sources that answered nothing (the file cannot be
 * sent for them) and whether the required ones are filled.
 */
export function useUploadParameters(parameters: UploadScreen['parameters']) {
  const { schemas } = useTenant();
  const [values, setValues] = useState<Values>({});
  const loaded = useParameterOptions(parameters?.options, setValues, {
    chooseSole: true,
    initial: parameters ? null : {},
  });
  const schema = useMemo(
    () =>
      parameters && loaded
        ? buildParameterSchema(parameters, (name) => enumOptions(schemas, name).options, loaded)
        : null,
    [parameters, schemas, loaded],
  );
  const complete = (current: Values) => requiredFilled(parameters?.schema, current);
  return {
    values,
    setValues,
    schema,
    complete,
    emptyOptions: emptyOptionSources(parameters?.options, loaded),
  };
}
