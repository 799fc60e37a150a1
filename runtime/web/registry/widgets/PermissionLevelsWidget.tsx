import {
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { Fragment } from 'react';
import { PermissionLevel } from '../../../core/types.ts';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';

interface PermissionKeys {
  modules?: Record<string, { label: string }>;
  keys?: Record<string, { label?: string; module?: string }>;
}

type Levels = Record<string, number>;

/** Every permission key of the tenant grouped by module, in the order of schemas/permissions/keys.json. */
function groupKeys(permissions: PermissionKeys) {
  const groups = new Map<string, { label: string; keys: { key: string; label: string }[] }>();
  for (const [module, { label }] of Object.entries(permissions.modules ?? {}))
    groups.set(module, { label, keys: [] });
  for (const [key, spec] of Object.entries(permissions.keys ?? {})) {
    const module = spec.module ?? '';
    if (!groups.has(module)) groups.set(module, { label: module || 'Outros', keys: [] });
    groups.get(module)?.keys.push({ key, label: spec.label ?? key });
  }
  return [...groups.entries()].filter(([, group]) => group.keys.length > 0);
}

/**
 * Editor of a profile's permission map (perfil.permissoes): one NENHUMA…TOTAL select (enum nivelPermissao)
 * per permission key, grouped by module, with a select per module that sets all of its keys at once.
 */
export function PermissionLevelsWidget(props: WidgetProps) {
  const { schemas } = useTenant();
  const levels = enumOptions(schemas, 'nivelPermissao').options;
  const value: Levels = props.value && typeof props.value === 'object' ? (props.value as Levels) : {};
  const disabled = props.disabled || props.readonly;
  const set = (changes: Levels) => props.onChange({ ...value, ...changes });
  const select = (label: string, current: number | '', onPick: (level: number) => void) => (
    <TextField
      select
      size="small"
      value={current}
      disabled={disabled}
      onChange={(event) => onPick(Number(event.target.value))}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      sx={{ minWidth: 140 }}
    >
      {levels.map((level) => (
        <MenuItem key={level.code} value={level.code}>
          {level.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <TableContainer id={props.id}>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell>Permissão</TableCell>
            <TableCell sx={{ width: 170 }}>Nível</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groupKeys(schemas.permissions as PermissionKeys).map(([module, group]) => {
            const shared = new Set(group.keys.map(({ key }) => value[key] ?? PermissionLevel.NENHUMA));
            const moduleLevel = shared.size === 1 ? ([...shared][0] as number) : '';
            return (
              <Fragment key={module}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell sx={{ fontWeight: 600 }}>{group.label}</TableCell>
                  <TableCell>
                    {select(`Todas de ${group.label}`, moduleLevel, (level) =>
                      set(Object.fromEntries(group.keys.map(({ key }) => [key, level]))),
                    )}
                  </TableCell>
                </TableRow>
                {group.keys.map(({ key, label }) => (
                  <TableRow key={key}>
                    <TableCell sx={{ pl: 4 }}>{label}</TableCell>
                    <TableCell>
                      {select(label, value[key] ?? PermissionLevel.NENHUMA, (level) => set({ [key]: level }))}
                    </TableCell>
                  </TableRow>
                ))}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
