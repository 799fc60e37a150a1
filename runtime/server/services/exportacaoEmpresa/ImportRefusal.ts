/** A company import refused for a reason the operator can act on (pt-BR message); nothing was written. */
export class ImportRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusal';
  }
}
