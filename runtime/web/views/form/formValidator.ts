import { customizeValidator } from '@rjsf/validator-ajv8';
import { localizePtBR } from '../../../core/createSchemaValidator.ts';
import { registerFormats } from '../../../core/registerFormats.ts';

/**
 * The rjsf validator of every generic form: ajv with the entity formats of runtime/core/registerFormats
 * (the same the server registers, so CPF/CNPJ, phone, CEP… agree) and ajv-i18n's pt-BR messages.
 * Schemas are compiled at run time (and cached by ajv): they depend on the tenant's patches, so they are
 * not known at build time.
 */
export const formValidator = customizeValidator(
  { ajvFormatOptions: false, extenderFn: (ajv) => registerFormats(ajv) },
  localizePtBR,
);
