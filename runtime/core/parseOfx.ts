/** One transaction of a bank statement (OFX STMTTRN). */
export interface OfxTransaction {
  /** The bank's unique id of the transaction (FITID): the same file imported twice has the same ids. */
  fitId: string;
  /** TRNTYPE: CREDIT, DEBIT, PAYMENT, XFER… */
  tipo: string;
  /** Posting date, AAAA-MM-DD. */
  data: string;
  /** Signed amount: positive credits money to the account, negative debits it. */
  valor: number;
  descricao: string;
  documento: string | null;
}

export interface OfxStatement {
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  moeda: string | null;
  inicio: string | null;
  fim: string | null;
  saldo: number | null;
  transacoes: OfxTransaction[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of an element value: entities decoded, whitespace collapsed. */
function clean(value: string): string {
  return value
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The value of the first `<TAG>` inside `block`. Works for both syntaxes: OFX 1.x (SGML) leaves element
 * values unclosed (`<TRNAMT>-10.00` up to the next tag or line end), OFX 2.x (XML) closes them.
 */
function leaf(block: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  if (!match) return null;
  const value = clean(match[1] ?? '');
  return value === '' ? null : value;
}

/** Every `<TAG>…</TAG>` aggregate of `text` (aggregates are closed in SGML OFX too). */
function blocks(text: string, tag: string): string[] {
  return [...text.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'gi'))].map((match) => match[1] ?? '');
}

/** OFX date-time (AAAAMMDD[HHMMSS[.XXX]][[±h:TZ]]) → AAAA-MM-DD, or null. */
function ofxDate(value: string | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** OFX amount: '-123.45'; some Brazilian banks write '-123,45' or '1.234,56'. */
function ofxAmount(value: string | null): number | null {
  if (!value) return null;
  const compact = value.replace(/\s/g, '');
  const normalized = compact.includes(',') ? compact.replaceAll('.', '').replace(',', '.') : compact;
  if (!/^[+-]?\d+(\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}

/**
 * Parses a bank statement in OFX 1.x (SGML, with its "OFXHEADER:100" header) or 2.x (XML): the
 * account (BANKACCTFROM), period, ledger balance and every STMTTRN with a valid date and amount. Credit
 * card statements (CCSTMTRS) are read the same way. Throws a pt-BR RangeError when the text is not OFX
 * or a transaction lacks its date, amount or id.
 */
export function parseOfx(text: string): OfxStatement {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new RangeError('O arquivo não é um extrato OFX (não contém <OFX>).');
  const body = text.slice(start);
  const account = blocks(body, 'BANKACCTFROM')[0] ?? blocks(body, 'CCACCTFROM')[0] ?? '';
  const list = blocks(body, 'BANKTRANLIST')[0] ?? '';
  const ledger = blocks(body, 'LEDGERBAL')[0] ?? '';
  const transacoes = blocks(body, 'STMTTRN').map((block, index) => {
    const data = ofxDate(leaf(block, 'DTPOSTED'));
    const valor = ofxAmount(leaf(block, 'TRNAMT'));
    const fitId = leaf(block, 'FITID');
    if (!data || valor === null || !fitId) {
      throw new RangeError(
        `A transação ${index + 1} do extrato não tem data (DTPOSTED), valor (TRNAMT) ou identificador (FITID) válidos.`,
      );
    }
    const memo = leaf(block, 'MEMO');
    const name = leaf(block, 'NAME');
    return {
      fitId,
      tipo: (leaf(block, 'TRNTYPE') ?? 'OTHER').toUpperCase(),
      data,
      valor,
      descricao: [name, memo]
        .filter((part, position, all) => part && all.indexOf(part) === position)
        .join(' — '),
      documento: leaf(block, 'CHECKNUM') ?? leaf(block, 'REFNUM'),
    };
  });
  return {
    banco: leaf(account, 'BANKID'),
    agencia: leaf(account, 'BRANCHID'),
    conta: leaf(account, 'ACCTID'),
    moeda: leaf(body, 'CURDEF'),
    inicio: ofxDate(leaf(list, 'DTSTART')),
    fim: ofxDate(leaf(list, 'DTEND')),
    saldo: ofxAmount(leaf(ledger, 'BALAMT')),
    transacoes,
  };
}
