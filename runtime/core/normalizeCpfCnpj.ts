/** Upper-cases a CPF/CNPJ and strips its mask (anything that is not 0-9 or A-Z); null/undefined → ''. */
export function normalizeCpfCnpj(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}
