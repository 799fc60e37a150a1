import type { components } from '../../../../generated/screens.d.ts';

/** A `lookup` screen declaration (schemas/screens/<name>.screen.json, kind "lookup"). */
export type LookupScreen = components['schemas']['LookupScreen'];
