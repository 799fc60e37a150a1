import { Alert, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { callOperation } from '../../../api/callOperation.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import type { UploadScreen } from '../uploadTypes.ts';
import { nounOfRow } from './csvLines.ts';
import type { CsvTarget } from './csvTypes.ts';

type TargetSpec = NonNullable<NonNullable<UploadScreen['csv']>['target']>;
type Row = Record<string, unknown>;

const text = (row: Row, field: string) => String(row[field] ?? '');
const enabledRow = (spec: TargetSpec) => (row: Row) => !spec.enabled || row[spec.enabled] === true;

/**
 * What a CSV upload imports into: the declared noun without `csv.target`, else the rows of the target
 * operation (the first enabled one chosen) and the chosen one as noun, model entity and parameter.
 */
export function useCsvTarget(declaration: UploadScreen) {
  const { api } = useRuntime();
  const showError = useActionError();
  const csv = declaration.csv as NonNullable<UploadScreen['csv']>;
  const spec = csv.target;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    if (!spec) return;
    let active = true;
    void callOperation(api, spec.operationId).then(({ data, error }) => {
      if (!active) return;
      if (error || !Array.isArray(data)) return void showError(error);
      setRows(data as Row[]);
      const first = (data as Row[]).find(enabledRow(spec));
      setChosen(first ? text(first, spec.value) : '');
    });
    return () => {
      active = false;
    };
  }, [api, spec, showError]);

  const target = useMemo<CsvTarget | null>(() => {
    if (!spec) {
      const noun = csv.noun ?? { singular: 'registro', plural: 'registros', gender: 'm' as const };
      return { id: declaration.name, noun, params: {}, examples: csv.examples ?? '' };
    }
    const row = rows?.find(
      (candidate) => text(candidate, spec.value) === chosen && enabledRow(spec)(candidate),
    );
    if (!row) return null;
    return {
      id: chosen,
      noun: nounOfRow(row, spec.noun),
      params: { [spec.name]: chosen },
      examples: chosen,
    };
  }, [spec, csv.noun, csv.examples, declaration.name, rows, chosen]);

  return { rows, chosen, setChosen, target };
}

/** The select of what to import, under the screen's description; an alert when nothing may be chosen. */
export function CsvTargetPicker(props: {
  spec: TargetSpec;
  description?: string;
  picker: ReturnType<typeof useCsvTarget>;
  disabled: boolean;
}) {
  const { spec, description, picker, disabled } = props;
  const rows = picker.rows ?? [];
  return (
    <>
      <Paper sx={{ p: 2, mb: 2 }}>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        )}
        <TextField
          select
          size="small"
          label={spec.label}
          value={picker.chosen}
          onChange={(event) => picker.setChosen(event.target.value)}
          sx={{ minWidth: 320 }}
          disabled={!picker.rows || disabled}
        >
          {rows.map((row) => {
            const enabled = enabledRow(spec)(row);
            return (
              <MenuItem key={text(row, spec.value)} value={text(row, spec.value)} disabled={!enabled}>
                {text(row, spec.option)}
                {enabled ? '' : (spec.disabledSuffix ?? '')}
              </MenuItem>
            );
          })}
        </TextField>
      </Paper>
      {picker.rows && spec.none && !rows.some(enabledRow(spec)) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {spec.none}
        </Alert>
      )}
    </>
  );
}
