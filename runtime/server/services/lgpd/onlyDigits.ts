/** The digits of a text (CPF, CNPJ, phone typed with punctuation). */
export const onlyDigits = (text: string) => text.replace(/\D/g, '');
