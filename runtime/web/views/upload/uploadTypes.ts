import type { components } from '../../../../generated/screens.d.ts';

/** An `upload` screen declaration (schemas/screens/<name>.screen.json, kind "upload"). */
export type UploadScreen = components['schemas']['UploadScreen'];
/** What the preview or confirm operation answered; the screen reads it by dotted paths. */
export type UploadAnswer = Record<string, unknown>;
