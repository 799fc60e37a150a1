import type { UploadScreen } from './uploadTypes.ts';

/** The preview of an upload that has one (the meta-schema requires it unless the file is sent raw). */
export const previewOf = (declaration: UploadScreen) =>
  declaration.preview as NonNullable<UploadScreen['preview']>;
