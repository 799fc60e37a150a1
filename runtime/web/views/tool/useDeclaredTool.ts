import { useTenant } from '../../app/RuntimeContext.tsx';
import type { ToolScreen } from './toolTypes.ts';

/**
 * The `tool` declared in schemas/screens/<name>.screen.json (with the tenant's patches), for a registered
 * screen that shows it as one of its sections (`<ToolView declaration={…} extra={…} />`). Throws when it
 * is missing: a screen and its declaration ship together.
 */
export function useDeclaredTool(name: string): ToolScreen {
  const { schemas } = useTenant();
  const declaration = Object.values(schemas.screens ?? {}).find(
    (candidate) => (candidate as ToolScreen)?.name === name && (candidate as ToolScreen).kind === 'tool',
  );
  if (!declaration) throw new Error(`Tela declarada "${name}" (tool) não encontrada em schemas/screens.`);
  return declaration as ToolScreen;
}
