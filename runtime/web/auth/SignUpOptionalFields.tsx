import { Divider, MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import { phoneMask } from '../../core/phoneMask.ts';
import { useTenant } from '../app/RuntimeContext.tsx';
import { MaskedTextField } from '../ui/MaskedTextField.tsx';
import { CitySelect } from './CitySelect.tsx';
import { cpfCnpjMask } from './cpfCnpjMask.ts';
import { enumOptions } from './enumOptions.ts';
import type { SignUpForm } from './useSignUpForm.ts';

/** Abroad (EX) has no municipalities to choose from. */
const ABROAD = 'EX';

/**
 * The tenant-dependent part of the sign-up (spec 000 §2.3): company name, CNPJ/CPF and tax regime (then a
 * divider when company fields and regime both show), user name and phone, then the state and city.
 */
export function SignUpOptionalFields({ form }: { form: SignUpForm }) {
  const { schemas } = useTenant();
  const { values, setValue, visible, errorOf } = form;
  const ufs = useMemo(
    () => enumOptions(schemas, 'uf').options.filter((option) => option.code !== ABROAD),
    [schemas],
  );
  const errorProps = (field: Parameters<SignUpForm['errorOf']>[0]) => ({
    error: Boolean(errorOf(field)),
    helperText: errorOf(field),
  });
  return (
    <>
      {visible.empresa && (
        <TextField
          label="Nome da empresa"
          value={values.empresa}
          onChange={(event) => setValue('empresa', event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          {...errorProps('empresa')}
        />
      )}
      {visible.cpfCnpj && (
        <MaskedTextField
          label="CNPJ/CPF"
          value={values.cpfCnpj}
          mask={cpfCnpjMask}
          onValueChange={(masked) => setValue('cpfCnpj', masked)}
          slotProps={{ htmlInput: { inputMode: 'text', autoCapitalize: 'characters' } }}
          {...errorProps('cpfCnpj')}
        />
      )}
      {visible.regime && (
        <TextField
          select
          label="Regime tributário"
          value={values.regime}
          onChange={(event) => setValue('regime', Number(event.target.value))}
          {...errorProps('regime')}
        >
          {form.regimes.map((option) => (
            <MenuItem key={option.code} value={option.code}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {(visible.empresa || visible.cpfCnpj) && visible.regime && <Divider />}
      {visible.nome && (
        <TextField
          label="Seu nome"
          autoComplete="name"
          value={values.nome}
          onChange={(event) => setValue('nome', event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          {...errorProps('nome')}
        />
      )}
      {visible.telefone && (
        <MaskedTextField
          label="Telefone"
          type="tel"
          autoComplete="tel-national"
          value={values.telefone}
          mask={phoneMask}
          onValueChange={(masked) => setValue('telefone', masked)}
          {...errorProps('telefone')}
        />
      )}
      <TextField
        select
        label="Estado"
        value={values.uf}
        onChange={(event) => setValue('uf', event.target.value)}
        {...errorProps('uf')}
      >
        {ufs.map((option) => (
          <MenuItem key={option.code} value={option.code}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <CitySelect
        uf={values.uf}
        value={values.cidade}
        onChange={(cidade) => setValue('cidade', cidade)}
        error={errorOf('cidade')}
      />
    </>
  );
}
