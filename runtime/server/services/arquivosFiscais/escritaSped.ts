import { spedLinha } from './formatoArquivo.ts';

/**
 * Writes the lines of an EFD ICMS/IPI file and keeps the counts the closing registers need: lines per
 * block (x990) and per register (9900).
 */
export class EscritaSped {
  readonly linhas: string[] = [];
  readonly porRegistro = new Map<string, number>();
  private porBloco = new Map<string, number>();

  add(registro: string, ...campos: Array<string | number | null | undefined>): void {
    this.linhas.push(spedLinha([registro, ...campos]));
    this.porRegistro.set(registro, (this.porRegistro.get(registro) ?? 0) + 1);
    const bloco = registro.charAt(0);
    this.porBloco.set(bloco, (this.porBloco.get(bloco) ?? 0) + 1);
  }

  /** Writes a block: opening (x001 with IND_MOV 0 when `corpo` wrote anything, else 1) and closing x990. */
  bloco(bloco: string, corpo: () => void, abertura = `${bloco}001`): void {
    const inicio = this.linhas.length;
    this.add(abertura, '1');
    corpo();
    if (this.linhas.length > inicio + 1) this.linhas[inicio] = spedLinha([abertura, '0']);
    this.add(`${bloco}990`, (this.porBloco.get(bloco) ?? 0) + 1);
  }

  /** Block 9: 9001, one 9900 per register (9900, 9990 and 9999 included), 9990 and 9999. */
  encerrar(): void {
    this.add('9001', '0');
    const registros = [...this.porRegistro.keys(), '9900', '9990', '9999'];
    for (const registro of registros) {
      const quantidade = registro === '9900' ? registros.length : (this.porRegistro.get(registro) ?? 1);
      this.add('9900', registro, quantidade);
    }
    this.add('9990', (this.porBloco.get('9') ?? 0) + 2);
    this.add('9999', this.linhas.length + 1);
  }
}
