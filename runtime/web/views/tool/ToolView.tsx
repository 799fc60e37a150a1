import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { visibleHelp } from './applyParameterRules.ts';
import { EmptyOptions } from './EmptyOptions.tsx';
import { ToolParametersForm } from './ToolParametersForm.tsx';
import { ToolResult } from './ToolResult.tsx';
import type { ToolAction, ToolScreen } from './toolTypes.ts';
import { UserCard } from './UserCard.tsx';
import { useToolController } from './useToolController.ts';

/**
 * The generic renderer of `tool` screens: heading, parameter form (rjsf, declared schema and
 * uiSchema), description, the action buttons with the progress bar under them, and the result area.
 * A `section` declaration is shown by its host screen (useDeclaredTool), which may pass `extra` values.
 */
export function ToolView({
  declaration,
  extra,
}: {
  declaration: ToolScreen;
  extra?: Record<string, unknown>;
}) {
  const c = useToolController(declaration, extra);
  // A section of a registered screen: its title is an h2 and the host lays it out.
  const section = declaration.section === true;
  const { parameters } = declaration;
  const disabled = (action: ToolAction) =>
    c.busy ||
    !c.schema ||
    c.failing !== null ||
    c.incomplete ||
    c.emptyOptions.length > 0 ||
    !c.allowed(action) ||
    (action.needsResult === true && !c.result) ||
    Boolean(c.result && action.disabledWhen && conditionHolds(action.disabledWhen, c.result));
  // Enter in the form runs the declared `submit` action, as its button would.
  const submit = parameters.submit ? declaration.actions[parameters.submit] : undefined;
  return (
    <Box
      component={section ? 'section' : 'div'}
      aria-label={section ? declaration.title : undefined}
      sx={section ? {} : { maxWidth: 1200, mx: 'auto' }}
    >
      <Typography
        variant={section ? 'h6' : 'h5'}
        component={section ? 'h2' : 'h1'}
        sx={{ mb: section ? 1 : 2 }}
      >
        {declaration.title}
      </Typography>
      {declaration.userCard && <UserCard />}
      <EmptyOptions sources={c.emptyOptions} />
      <Paper sx={{ p: 2, mb: 2, displayPrint: 'none' }}>
        <ToolParametersForm
          parameters={parameters}
          schema={c.schema}
          values={c.values}
          onChange={c.change}
          onSubmit={submit && (() => void (disabled(submit) || c.run(submit)))}
          errors={c.fieldErrors}
        />
        {declaration.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {declaration.description}
          </Typography>
        )}
        {visibleHelp(parameters, c.values).map(({ text, severity }) =>
          severity ? (
            <Alert key={text} severity={severity} sx={{ mt: 2 }}>
              {text}
            </Alert>
          ) : (
            <Typography key={text} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {text}
            </Typography>
          ),
        )}
        {c.failing && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {c.failing}
          </Alert>
        )}
      </Paper>
      {c.refusal && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={c.closeRefusal}>
          <strong>{c.refusal.title}</strong> {c.refusal.message}
        </Alert>
      )}
      {c.problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {c.problem}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', displayPrint: 'none' }}>
        {declaration.load?.undo && (
          <Button variant="outlined" disabled={c.busy || !c.dirty} onClick={c.undo}>
            {declaration.load.undo}
          </Button>
        )}
        {Object.entries(declaration.actions)
          .filter(([, action]) => !action.showWhen || (c.result && conditionHolds(action.showWhen, c.result)))
          .map(([id, action]) => (
            <Button
              key={id}
              variant={action.variant ?? 'contained'}
              color={action.color}
              startIcon={action.icon ? <Icon>{action.icon}</Icon> : undefined}
              disabled={disabled(action)}
              onClick={() => void c.run(action)}
            >
              {action.label}
            </Button>
          ))}
        {Object.values(declaration.actions)
          .filter((action) => action.readOnly && !c.allowed(action))
          .map((action) => (
            <Typography key={action.readOnly} variant="body2" color="text.secondary">
              {action.readOnly}
            </Typography>
          ))}
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{c.busy && <LinearProgress aria-label="Carregando" />}</Box>
      {c.success && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {c.success}
        </Alert>
      )}
      {c.result && declaration.result && (
        <ToolResult
          area={declaration.result}
          answer={c.result}
          values={c.values}
          page={c.page}
          onPage={c.changePage}
        />
      )}
    </Box>
  );
}
