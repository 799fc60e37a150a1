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
  /** pt-BR notices about lines skipped (e.g. a "SALDO DIA" line with no amount). */
  avisos: string[];
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

/** FNV-1a 32-bit of a text, hex: a short stable digest for the fallback key (browser and server alike). */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * One statement (STMTRS or CCSTMTRS). FITIDs are only unique per account and some banks reuse one for a
 * whole day (Inter) or repeat them inside a file (BB): when a FITID is missing or repeats in the account's
 * list, every line with it gets the fallback key of flows.md §2 — (data, valor, memo, occurrence number),
 * the account being the reconciliation's own — so identical rows stay distinct and re-imports stable.
 * A line with a blank amount (Caixa's "SALDO DIA") is skipped with a notice instead of refusing the file.
 */
function readStatement(body: string, statement: string): OfxStatement {
  const account = blocks(statement, 'BANKACCTFROM')[0] ?? blocks(statement, 'CCACCTFROM')[0] ?? '';
  const list = blocks(statement, 'BANKTRANLIST')[0] ?? '';
  const ledger = blocks(statement, 'LEDGERBAL')[0] ?? '';
  const avisos: string[] = [];
  const read = blocks(statement, 'STMTTRN').flatMap((block, index) => {
    const data = ofxDate(leaf(block, 'DTPOSTED'));
    const rawAmount = leaf(block, 'TRNAMT');
    const valor = ofxAmount(rawAmount);
    const fitId = leaf(block, 'FITID');
    const memo = leaf(block, 'MEMO');
    const name = leaf(block, 'NAME');
    const descricao = [name, memo]
      .filter((part, position, all) => part && all.indexOf(part) === position)
      .join(' — ');
    if (rawAmount === null) {
      avisos.push(
        `A transação ${index + 1} do extrato${descricao ? ` ("${descricao}")` : ''} não tem valor (TRNAMT) e foi ignorada.`,
      );
      return [];
    }
    if (!data || valor === null) {
      throw new RangeError(
        `A transação ${index + 1} do extrato não tem data (DTPOSTED) ou valor (TRNAMT) válidos.`,
      );
    }
    return [
      {
        fitId: fitId ?? '',
        tipo: (leaf(block, 'TRNTYPE') ?? 'OTHER').toUpperCase(),
        data,
        valor,
        descricao,
        documento: leaf(block, 'CHECKNUM') ?? leaf(block, 'REFNUM'),
      },
    ];
  });
  const count = new Map<string, number>();
  for (const line of read) count.set(line.fitId, (count.get(line.fitId) ?? 0) + 1);
  const occurrences = new Map<string, number>();
  const transacoes = read.map((line) => {
    if (line.fitId !== '' && count.get(line.fitId) === 1) return line;
    const base = `${line.data}~${line.valor.toFixed(2)}~${digest(line.descricao)}`;
    const n = (occurrences.get(`${line.fitId}|${base}`) ?? 0) + 1;
    occurrences.set(`${line.fitId}|${base}`, n);
    return { ...line, fitId: `${line.fitId.slice(0, 100)}~${base}~${n}` };
  });
  return {
    banco: leaf(account, 'BANKID'),
    agencia: leaf(account, 'BRANCHID'),
    conta: leaf(account, 'ACCTID'),
    moeda: leaf(statement, 'CURDEF') ?? leaf(body, 'CURDEF'),
    inicio: ofxDate(leaf(list, 'DTSTART')),
    fim: ofxDate(leaf(list, 'DTEND')),
    saldo: ofxAmount(leaf(ledger, 'BALAMT')),
    transacoes,
    avisos,
  };
}

function ofxBody(text: string): string {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new RangeError('O arquivo não é um extrato OFX (não contém <OFX>).');
  return text.slice(start);
}

/**
 * Every account of an OFX file, one statement each (a file may carry several STMTRS/CCSTMTRS, each with its
 * BANKACCTFROM): OFX 1.x (SGML) or 2.x (XML). Throws a pt-BR RangeError when the text is not OFX or a
 * transaction lacks a valid date or amount (a blank amount only skips the line, with a notice).
 */
export function parseOfxContas(text: string): OfxStatement[] {
  const body = ofxBody(text);
  const statements = [...blocks(body, 'STMTRS'), ...blocks(body, 'CCSTMTRS')];
  if (statements.length === 0) return [readStatement(body, body)];
  return statements.map((statement) => readStatement(body, statement));
}

/**
 * Parses a bank statement in OFX 1.x (SGML, with its "OFXHEADER:100" header) or 2.x (XML): the first
 * account's data (parseOfxContas gives each of them). Credit card statements (CCSTMTRS) are read the same
 * way. Throws a pt-BR RangeError when the text is not OFX or a transaction lacks its date or amount.
 */
export function parseOfx(text: string): OfxStatement {
  return parseOfxContas(text)[0] as OfxStatement;
}
