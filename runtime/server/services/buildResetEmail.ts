import type { MailMessage } from '../mail/createMailer.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

/** The pt-BR password-recovery e-mail (text and HTML) carrying the reset link. */
export function buildResetEmail(options: {
  to: string;
  nome: string;
  title: string;
  link: string;
  minutes: number;
}): MailMessage {
  const { to, nome, title, link, minutes } = options;
  const greeting = nome.trim() ? `Olá, ${nome.trim()}!` : 'Olá!';
  const intro = `Recebemos um pedido para recuperar a senha da sua conta no ${title}.`;
  const action = `Para escolher uma nova senha, acesse o link abaixo. Ele vale por ${minutes} minutos e pode ser usado uma única vez.`;
  const ignore = 'Se você não pediu a recuperação, ignore este e-mail: sua senha continua a mesma.';
  const text = [greeting, '', intro, action, '', link, '', ignore, '', `Equipe ${title}`].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>`,
    `<p><a href="${escapeHtml(link)}">Recuperar minha senha</a></p>`,
    `<p>Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    `<p>Equipe ${escapeHtml(title)}</p>`,
  ].join('\n');
  return { to, subject: `Recuperação de senha — ${title}`, text, html };
}
