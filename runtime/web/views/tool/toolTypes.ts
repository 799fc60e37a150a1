import type { components } from '../../../../generated/screens.d.ts';

/** A `tool` screen declaration (schemas/screens/<name>.screen.json, kind "tool"). */
export type ToolScreen = components['schemas']['ToolScreen'];
export type ToolAction = components['schemas']['action'];
export type ToolResultArea = components['schemas']['result'];
export type DeclaredColumns = components['schemas']['columns'];
export type OptionSource = NonNullable<components['schemas']['parameters']['options']>[string];
/** What a preview/run action answered; the result area reads it by dotted paths. */
export type ToolAnswer = Record<string, unknown>;
