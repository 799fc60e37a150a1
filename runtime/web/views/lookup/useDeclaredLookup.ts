import { useTenant } from '../../app/RuntimeContext.tsx';
import type { LookupScreen } from './lookupTypes.ts';

/**
 * The `lookup` declared in schemas/screens/<name>.screen.json (with the tenant's patches), for a
 * registered screen that shows it as one of its sections (`<LookupSection declaration={…} heading />`).
 * Throws when it is missing: a screen and its declaration ship together.
 */
export function useDeclaredLookup(name: string): LookupScreen {
  const { schemas } = useTenant();
  const declaration = Object.values(schemas.screens ?? {}).find(
    (candidate) =>
      (candidate as LookupScreen)?.name === name && (candidate as LookupScreen).kind === 'lookup',
  );
  if (!declaration) throw new Error(`Tela declarada "${name}" (lookup) não encontrada em schemas/screens.`);
  return declaration as LookupScreen;
}
