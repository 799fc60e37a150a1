/**
 * Public surface of runtime/core: the pure rules shared by server and browser. The schema-loading modules
 * (createSchemaValidator and the files built on it) are left out on purpose: they pull in ajv, which the
 * browser bundle does not need; import them by path.
 */
export * from './checkPermission.ts';
export * from './constants.ts';
export * from './contrastRatio.ts';
export * from './deriveThemePalette.ts';
export * from './ensureContrast.ts';
export * from './extractErrorMessage.ts';
export * from './filterMenu.ts';
export * from './formatCpfCnpj.ts';
export * from './formatDate.ts';
export * from './formatMoney.ts';
export * from './isInfoError.ts';
export * from './isValidCnpj.ts';
export * from './isValidCpf.ts';
export * from './isValidCpfCnpj.ts';
export * from './mergePatch.ts';
export * from './normalizeCpfCnpj.ts';
export * from './phoneMask.ts';
export * from './pricing.ts';
export * from './readPath.ts';
export * from './regimeNotaFiscal.ts';
export * from './roundMoney.ts';
export * from './schemaKind.ts';
export * from './subscriptionState.ts';
export * from './types.ts';
