import { Button, Chip, Stack } from '@mui/material';
import type { DocumentAction, DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { DocumentLifecycleView } from '../../../core/documents/documentLifecycle.ts';

/**
 * The state chip and the transition buttons of a document form, then the buttons of the entity's actions
 * without a state change (save pending changes first).
 */
export function DocumentBar({
  view,
  actions,
  running,
  dirty,
  onRun,
}: {
  view: DocumentLifecycleView | null;
  actions: DocumentAction[];
  running: string | null;
  dirty: boolean;
  onRun: (transition: DocumentTransition | DocumentAction) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      {view && (
        <Chip
          label={view.state.label}
          color={view.state.color ?? 'default'}
          aria-label={`Situação: ${view.state.label}`}
        />
      )}
      {[...(view?.transitions ?? []), ...actions].map((transition) => (
        <Button
          key={transition.action}
          variant="outlined"
          size="small"
          loading={running === transition.action}
          disabled={running !== null || dirty}
          title={dirty ? 'Salve as alterações antes.' : undefined}
          onClick={() => onRun(transition)}
        >
          {transition.label}
        </Button>
      ))}
    </Stack>
  );
}
