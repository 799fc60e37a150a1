import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Theme } from '@rjsf/mui';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, FieldPathList } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import type { ToolScreen } from './toolTypes.ts';

type Arrays = NonNullable<ToolScreen['parameters']['arrays']>;

/** The `arrays` entry of a parameter (its name is the last name of the path before any index). */
function declared(context: unknown, path: FieldPathList): Arrays[string] | undefined {
  const name = [...path].reverse().find((segment) => typeof segment === 'string');
  return name ? (context as { arrays?: Arrays } | undefined)?.arrays?.[name] : undefined;
}

const ThemeArray = Theme.templates?.ArrayFieldTemplate as ComponentType<ArrayFieldTemplateProps> | undefined;
const ThemeItem = Theme.templates?.ArrayFieldItemTemplate as
  | ComponentType<ArrayFieldItemTemplateProps>
  | undefined;

/**
 * An array parameter declared in `parameters.arrays`: its title as an h2 with the `add` button on the
 * right, its items (ParameterArrayItem) or the `empty` text. Other arrays keep the theme's template.
 */
export function ParameterArrayTemplate(props: ArrayFieldTemplateProps) {
  const spec = declared(props.registry.formContext, props.fieldPathId.path);
  if (!spec) return ThemeArray ? <ThemeArray {...props} /> : null;
  const titleId = `${props.fieldPathId.$id}-title`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {props.title}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Icon>add</Icon>}
          onClick={props.onAddClick}
          disabled={!props.canAdd || props.disabled || props.readonly}
        >
          {spec.add}
        </Button>
      </Stack>
      {props.items.length === 0 ? (
        <Typography color="text.secondary">{spec.empty}</Typography>
      ) : (
        <Stack spacing={2}>{props.items}</Stack>
      )}
    </Box>
  );
}

/** One item of a declared array: a group named `item` ({n}) with its move and remove buttons. */
export function ParameterArrayItem(props: ArrayFieldItemTemplateProps) {
  const buttons = props.buttonsProps;
  const spec = declared(props.registry.formContext, buttons.fieldPathId.path);
  if (!spec) return ThemeItem ? <ThemeItem {...props} /> : null;
  const name = fillTemplate(spec.item, { n: props.index + 1 });
  const locked = props.disabled || props.readonly;
  const button = (label: string, icon: string, enabled: boolean, onClick: () => void) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={!enabled || locked} onClick={onClick}>
          <Icon fontSize="small">{icon}</Icon>
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box role="group" aria-label={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="subtitle2" color="text.secondary">
          {name}
        </Typography>
        <Stack direction="row">
          {button(spec.moveUp ?? 'Mover para cima', 'arrow_upward', buttons.hasMoveUp, buttons.onMoveUpItem)}
          {button(
            spec.moveDown ?? 'Mover para baixo',
            'arrow_downward',
            buttons.hasMoveDown,
            buttons.onMoveDownItem,
          )}
          {button(spec.remove, 'delete', buttons.hasRemove, buttons.onRemoveItem)}
        </Stack>
      </Stack>
      {props.children}
    </Box>
  );
}
