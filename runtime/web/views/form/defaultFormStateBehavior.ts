import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How rjsf fills defaults: only the schema's `default`s. By default rjsf also takes a `const` as a default,
 * which for an enum (oneOf of consts) would preselect its first option (e.g. UF "Acre").
 */
export const defaultFormStateBehavior: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };
