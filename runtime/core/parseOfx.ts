import { parseSync } from 'ofx-js';

/** One transaction of a bank or credit-card statement (OFX STMTTRN). */
export interface OfxTransaction {
  /** The bank's FITID as sent ('' when missing). Unique per account at best: BB repeats it inside a file. */
  fitId: string;
  /**
   * Dedupe key of the line within its account (flows.md §2 "OFX"): `F|fitid|data|valor` when the FITID is
   * present and unique in the file, else the fallback `M|data|valor|memo digest|occurrence` — identical rows
   * stay distinct and the same file read again gives the same keys.
   */
  chave: string;
  /** TRNTYPE: CREDIT, DEBIT, PAYMENT, XFER… */
  tipo: string;
  /** Posting date, AAAA-MM-DD (the date part of DTPOSTED, whatever its [-3:BRT] zone). */
  data: string;
  /** Signed amount: positive credits money to the account, negative debits it. */
  valor: number;
  /** NAME and MEMO joined for display (one of them when equal). */
  descricao: string;
  memo: string | null;
  nome: string | null;
  documento: string | null;
  /**
   * Lines that are not transactions to import: `saldo` (Itaú/Bradesco "SALDO ANTERIOR", "SALDO DO DIA" lines),
   * `futuro` (dated after the statement's end: scheduled, not yet posted). Null for an ordinary line.
   */
  informativo: 'saldo' | 'futuro' | null;
}

export interface OfxStatement {
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  /** Credit-card statement (CREDITCARDMSGSRSV1 / CCSTMTRS). */
  cartao: boolean;
  /** CURDEF; Santander's BRC is read as BRL. */
  moeda: string | null;
  inicio: string | null;
  fim: string | null;
  /** LEDGERBAL.BALAMT and its DTASOF. */
  saldo: number | null;
  saldoData: string | null;
  transacoes: OfxTransaction[];
  /** pt-BR notices about lines skipped (e.g. a "SALDO DIA" line with no amount). */
  avisos: string[];
}

type Node = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Longest element name read: the SGML pass of ofx-js backtracks exponentially on long names (none in OFX is over 20). */
const MAX_TAG = 24;

/** Text of an element value: entities decoded, whitespace collapsed; null when empty or not a value. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      if (/^#x/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? null : clean;
}

const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).filter(
    (item): item is Node => typeof item === 'object' && item !== null,
  );
const child = (node: Node | undefined, tag: string): Node | undefined => list(node?.[tag])[0];

/** Every aggregate named `tag` anywhere under `node`, in document order. */
function findAll(node: unknown, tag: string): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  if (Array.isArray(node)) return node.flatMap((item) => findAll(item, tag));
  return Object.entries(node).flatMap(([key, value]) => (key === tag ? list(value) : findAll(value, tag)));
}

/** OFX date-time (AAAAMMDD[HHMMSS[.XXX]][[±h:TZ]]) → AAAA-MM-DD of its own calendar day, or null. */
function ofxDate(value: string | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** OFX amount: '-123.45'; Bradesco writes '-123,45', some '1.234,56'. */
function ofxAmount(value: string | null): number | null {
  if (!value) return null;
  const compact = value.replace(/\s/g, '');
  const normalized = compact.includes(',') ? compact.replaceAll('.', '').replace(',', '.') : compact;
  if (!/^[+-]?\d+(\.\d+)?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100) / 100;
}

/** FNV-1a 32-bit of a text, hex: a short stable digest for the fallback key (browser and server alike). */
function digest(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** "SALDO ANTERIOR", "SALDO DO DIA", "S A L D O", "SDO CTA/APL": balance lines some banks list as transactions. */
const SALDO = /^(saldo\b|s a l d o\b|sdo\b|saldo$)/i;

/**
 * One statement (STMTRS or CCSTMTRS). Lines with a blank amount (Caixa's "SALDO DIA") are skipped with a
 * notice; a present but unreadable date or amount refuses the file.
 */
function readStatement(statement: Node, cartao: boolean): OfxStatement {
  const account =
    child(statement, cartao ? 'CCACCTFROM' : 'BANKACCTFROM') ?? child(statement, 'BANKACCTFROM');
  const tranList = child(statement, 'BANKTRANLIST');
  const ledger = child(statement, 'LEDGERBAL');
  const fim = ofxDate(text(tranList?.DTEND));
  const avisos: string[] = [];
  const read = list(tranList?.STMTTRN).flatMap((trn, index) => {
    const memo = text(trn.MEMO);
    const nome = text(trn.NAME) ?? text(child(trn, 'PAYEE')?.NAME);
    const descricao = [nome, memo]
      .filter((part, position, all) => part && all.indexOf(part) === position)
      .join(' — ');
    const rawAmount = text(trn.TRNAMT);
    if (rawAmount === null) {
      avisos.push(
        `A transação ${index + 1} do extrato${descricao ? ` ("${descricao}")` : ''} não tem valor (TRNAMT) e foi ignorada.`,
      );
      return [];
    }
    const data = ofxDate(text(trn.DTPOSTED));
    const valor = ofxAmount(rawAmount);
    if (!data || valor === null)
      throw new RangeError(
        `A transação ${index + 1} do extrato não tem data (DTPOSTED) ou valor (TRNAMT) válidos.`,
      );
    const saldo = SALDO.test(memo ?? '') || SALDO.test(nome ?? '');
    return [
      {
        fitId: text(trn.FITID) ?? '',
        chave: '',
        tipo: (text(trn.TRNTYPE) ?? 'OTHER').toUpperCase(),
        data,
        valor,
        descricao,
        memo,
        nome,
        documento: text(trn.CHECKNUM) ?? text(trn.REFNUM),
        informativo: saldo ? ('saldo' as const) : fim && data > fim ? ('futuro' as const) : null,
      },
    ];
  });
  const count = new Map<string, number>();
  for (const line of read) count.set(line.fitId, (count.get(line.fitId) ?? 0) + 1);
  const occurrences = new Map<string, number>();
  const transacoes = read.map((line) => {
    const amount = line.valor.toFixed(2);
    if (line.fitId !== '' && count.get(line.fitId) === 1)
      return { ...line, chave: `F|${line.fitId.slice(0, 120)}|${line.data}|${amount}` };
    const base = `${line.data}|${amount}|${digest(`${line.nome ?? ''}|${line.memo ?? ''}`)}`;
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    return { ...line, chave: `M|${base}|${n}` };
  });
  const moeda = text(statement.CURDEF)?.toUpperCase() ?? null;
  return {
    banco: text(account?.BANKID),
    agencia: text(account?.BRANCHID),
    conta: text(account?.ACCTID),
    cartao,
    moeda: moeda === 'BRC' ? 'BRL' : moeda,
    inicio: ofxDate(text(tranList?.DTSTART)),
    fim,
    saldo: ofxAmount(text(ledger?.BALAMT)),
    saldoData: ofxDate(text(ledger?.DTASOF)),
    transacoes,
    avisos,
  };
}

/** The OFX tree by ofx-js, after the few repairs its SGML pass needs; pt-BR RangeError when it is not OFX. */
function readTree(source: string): Node {
  const start = source.search(/<OFX>/i);
  if (start < 0) throw new RangeError('O arquivo não é um extrato OFX (não contém <OFX>).');
  const tooLong = new RegExp(`</?[A-Za-z0-9_.]{${MAX_TAG + 1},}`).exec(source);
  if (tooLong)
    throw new RangeError(`O arquivo não é um extrato OFX válido (elemento ${tooLong[0].slice(0, 40)}…).`);
  const body = source
    .slice(start)
    .replace(/^<OFX>/i, '<OFX>')
    .replace(/<\/OFX>\s*$/i, '</OFX>')
    // SGML leaves with no value (`<TRNAMT>` then the next tag): ofx-js would take them for aggregates never closed.
    .replace(/<([A-Z0-9_.]+)>[ \t]*(?:\r?\n[ \t]*)?(?=<(?!\/\1>))/gi, (match, tag: string) =>
      LEAVES.has(tag.toUpperCase()) ? '' : match,
    );
  let tree: Node;
  try {
    tree = parseSync(`${source.slice(0, start)}${body}`).OFX as Node;
  } catch {
    throw new RangeError(
      'O arquivo OFX está malformado (elementos sem fechamento); gere o extrato novamente no banco.',
    );
  }
  return typeof tree === 'object' && tree !== null ? tree : {};
}

/** Value elements of the statement (never aggregates) that banks leave empty. */
const LEAVES = new Set(
  'TRNAMT MEMO NAME CHECKNUM REFNUM FITID TRNTYPE DTPOSTED DTUSER DTAVAIL SIC PAYEEID BALAMT DTASOF CURDEF BANKID BRANCHID ACCTID ACCTTYPE DTSTART DTEND MESSAGE CODE SEVERITY TRNUID DTSERVER LANGUAGE ORG FID'.split(
    ' ',
  ),
);

/**
 * Every account of an OFX file, one statement each (a file may carry several STMTRS/CCSTMTRS, each with its
 * account): OFX 1.x (SGML) or 2.x (XML), parsed by ofx-js; bank (BANKMSGSRSV1) and credit-card
 * (CREDITCARDMSGSRSV1) statements. Throws a pt-BR RangeError when the text is not OFX or a transaction
 * lacks a valid date or amount (a blank amount only skips the line, with a notice).
 */
export function parseOfxContas(source: string): OfxStatement[] {
  const tree = readTree(source);
  const bank = findAll(tree, 'STMTRS').map((statement) => readStatement(statement, false));
  const cards = findAll(tree, 'CCSTMTRS').map((statement) => readStatement(statement, true));
  if (bank.length + cards.length === 0) return [readStatement(tree, false)];
  return [...bank, ...cards];
}

/**
 * Parses a bank statement in OFX 1.x (SGML) or 2.x (XML): the first account's data (parseOfxContas gives
 * each of them). Throws a pt-BR RangeError when the text is not OFX or a transaction lacks its date or amount.
 */
export function parseOfx(source: string): OfxStatement {
  return parseOfxContas(source)[0] as OfxStatement;
}

/**
 * The text of an OFX file's bytes: UTF-8 when its header says so (OFX 2.x `encoding="UTF-8"`, 1.x
 * `CHARSET:UTF-8` or `ENCODING:UTF-8`) or when a BOM opens it, otherwise Windows-1252 — what Brazilian
 * banks write (`CHARSET:1252`), so "TARIFA MANUTENÇÃO" keeps its accents.
 */
export function decodeOfx(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 400));
  const utf8 =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    /encoding\s*=\s*["']utf-8["']|CHARSET:\s*UTF-?8|ENCODING:\s*UTF-?8/i.test(head);
  return new TextDecoder(utf8 ? 'utf-8' : 'windows-1252').decode(bytes).replace(/^\uFEFF/, '');
}
