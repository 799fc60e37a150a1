/** A tax rule the engine cannot apply, with a pt-BR message naming what to fix (the API answers 422). */
export class ErroTributario extends Error {
  constructor(
    readonly codigo: string,
    message: string,
  ) {
    super(message);
    this.name = 'ErroTributario';
  }
}
