/** A received e-mail read back for tests: decoded headers, the text body and the attachments' bytes. */
export interface MensagemLida {
  subject: string;
  to: string;
  cc: string;
  text: string;
  anexos: { filename: string; contentType: string; content: Buffer }[];
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

const decodeHeader = (value: string) =>
  value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
    );

function split(entity: string) {
  const at = entity.search(/\r?\n\r?\n/);
  const head = entity.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  return { head, body, header };
}

function bytesOf(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'utf8');
}

/** Parses a raw MIME message as nodemailer writes it (multipart/mixed, alternative, base64, quoted-printable). */
export function lerMensagem(raw: string): MensagemLida {
  const mensagem: MensagemLida = { subject: '', to: '', cc: '', text: '', anexos: [] };
  const visitar = (entity: string, topo: boolean) => {
    const { head, body, header } = split(entity);
    if (topo) {
      mensagem.subject = decodeHeader(header('subject'));
      mensagem.to = header('to');
      mensagem.cc = header('cc');
    }
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (boundary && /content-type:\s*multipart\//i.test(head)) {
      for (const parte of body.split(`--${boundary}`).slice(1)) {
        if (parte.startsWith('--')) continue;
        visitar(parte.replace(/^\r?\n/, ''), false);
      }
      return;
    }
    const encoding = header('content-transfer-encoding').toLowerCase().trim();
    const contentType = header('content-type').split(';')[0]!.trim();
    // Long names come split per RFC 2231 (filename*0=…; filename*1=…, or filename*0*=utf-8''… percent-encoded).
    const pedacos = [...head.matchAll(/filename\*(\d+)(\*?)=("?)([^";\r\n]*)\3/gi)]
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((m) => (m[2] ? decodeURIComponent(m[4]!.replace(/^utf-8''/i, '')) : m[4]!))
      .join('');
    const filename = pedacos || /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    const bytes = bytesOf(body.replace(/\r?\n$/, ''), encoding);
    if (filename) mensagem.anexos.push({ filename: decodeHeader(filename), contentType, content: bytes });
    else if (contentType === 'text/plain') mensagem.text += bytes.toString('utf8');
  };
  visitar(raw, true);
  return mensagem;
}
