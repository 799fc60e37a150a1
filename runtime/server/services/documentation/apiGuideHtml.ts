import type { ApiOperation } from './apiOperations.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;

const CURL = `curl -H "X-Api-Key: erp_SuaChaveAqui..." \\
  "https://seu-endereco/api/Clientes?filter={\\"limit\\":10}"

# ou, no lugar do token de sessão:
curl -H "Authorization: erp_SuaChaveAqui..." https://seu-endereco/api/Clientes/count`;

const BODY = `{
  "evento": "pedidoVenda.faturado",
  "ocorridoEm": "2026-03-12T14:05:09.123Z",
  "empresaId": 12,
  "dados": { "id": 1534, "situacao": "faturado", "acao": "pedidoVenda.faturar" }
}`;

const NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// corpo: o texto exato recebido (antes de qualquer JSON.parse)
function assinaturaValida(corpo, cabecalhos, segredo) {
  const timestamp = Number(cabecalhos['x-webhook-timestamp']);
  // recuse chamadas antigas (reenvio malicioso): 5 minutos de tolerância
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const esperado = 'sha256=' + createHmac('sha256', segredo).update(timestamp + '.' + corpo).digest('hex');
  const recebido = String(cabecalhos['x-webhook-assinatura'] ?? '');
  return recebido.length === esperado.length && timingSafeEqual(Buffer.from(recebido), Buffer.from(esperado));
}`;

const PYTHON = `import hashlib, hmac, time

def assinatura_valida(corpo: bytes, cabecalhos, segredo: str) -> bool:
    timestamp = int(cabecalhos["X-Webhook-Timestamp"])
    if abs(time.time() - timestamp) > 300:
        return False
    mensagem = str(timestamp).encode() + b"." + corpo
    esperado = "sha256=" + hmac.new(segredo.encode(), mensagem, hashlib.sha256).hexdigest()
    return hmac.compare_digest(esperado, cabecalhos["X-Webhook-Assinatura"])`;

function operationsHtml(byTag: Map<string, ApiOperation[]>): string {
  const sections = [...byTag.entries()].map(([tag, operations]) => {
    const rows = operations
      .map(
        (operation) =>
          `<tr><td class="m">${operation.method}</td><td><code>${escapeHtml(operation.path)}</code></td><td>${escapeHtml(operation.summary)}</td><td>${
            operation.public ? 'pública' : operation.apiKey ? 'token ou chave de API' : 'token de sessão'
          }</td></tr>`,
      )
      .join('');
    return `<details><summary>${escapeHtml(tag)} (${operations.length})</summary><table><thead><tr><th>Método</th><th>Caminho</th><th>O que faz</th><th>Acesso</th></tr></thead><tbody>${rows}</tbody></table></details>`;
  });
  return sections.join('\n');
}

/**
 * The Integrações › Documentação da API page (pt-BR): how to call the API with an API key, how webhooks are
 * sent and how to verify their signature, and every operation of the OpenAPI document with who may call it.
 */
export function apiGuideHtml(options: {
  title: string;
  byTag: Map<string, ApiOperation[]>;
  retryLimit: number;
  retryDelaySeconds: number;
}): string {
  const { retryLimit, retryDelaySeconds } = options;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Documentação da API — ${escapeHtml(options.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;line-height:1.5;color:#222}
h1{font-size:1.7rem}h2{margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:4px}
pre{background:#f5f5f5;padding:12px;overflow:auto;border-radius:4px}code{font-family:ui-monospace,monospace;font-size:.9em}
table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
td.m{font-weight:600;white-space:nowrap}details{margin:6px 0}summary{cursor:pointer;font-weight:600}
</style></head><body>
<h1>Documentação da API</h1>
<p>A API usa as convenções do LoopBack 3: recursos no plural (<code>/api/Clientes</code>), filtros em
<code>?filter={"where":{...},"order":"nome ASC","limit":50}</code>, <code>/count?where=</code> e erros no formato
<code>{"error":{"statusCode","code","message"}}</code>. O contrato completo, para gerar clientes em qualquer linguagem, está em
<a href="/documentation/openapi.json">/documentation/openapi.json</a> (OpenAPI 3.0.3).</p>

<h2 id="chaves">Chaves de API</h2>
<ol>
<li>Em <b>Configurações › Integrações › Chaves de API</b>, crie uma chave com uma descrição, as <b>permissões</b> que o sistema
externo precisa (ex.: <code>{"VENDAS_CLIENTES": 1}</code> só lê clientes; 1 Visualizar, 2 Criar, 3 Alterar, 4 Total) e, para
pedidos, notas e estoque, a <b>filial</b>. Você só pode conceder o acesso que você mesmo tem.</li>
<li>A chave completa (começa com <code>erp_</code>) aparece <b>uma única vez</b>, na resposta da criação: copie-a e guarde-a em
local seguro. O sistema guarda apenas um resumo (hash) dela e mostra só o prefixo para reconhecê-la.</li>
<li>Envie a chave no cabeçalho <code>X-Api-Key</code> ou no lugar do token de sessão, em <code>Authorization</code>:</li>
</ol>
${code(CURL)}
<ul>
<li>A chave age pela empresa em que foi criada: nunca lê nem altera dados de outra empresa.</li>
<li>Sem a permissão necessária a resposta é <b>403</b>; chave revogada, inativa, vencida ou inexistente recebe <b>401</b>.</li>
<li>As operações de cadastros e de documentos (lista abaixo: "token ou chave de API") aceitam chaves; as rotas da conta de um
usuário (minha conta, favoritos, alertas) exigem o token de sessão e respondem 403 a uma chave.</li>
<li>O <b>último uso</b> de cada chave é registrado (no máximo uma vez por minuto). <b>Revogar</b> encerra o acesso na hora e
não pode ser desfeito: crie outra chave para trocar.</li>
</ul>

<h2 id="webhooks">Webhooks</h2>
<p>Em <b>Configurações › Integrações › Webhooks</b>, informe o endereço <b>https</b> que receberá os eventos, os eventos desejados e
um segredo (mínimo 16 caracteres) usado para assinar cada chamada. Eventos:</p>
<ul>
<li>cadastros: <code>&lt;entidade&gt;.criado</code>, <code>.alterado</code> e <code>.excluido</code> — ex.: <code>cliente.criado</code>,
<code>produto.alterado</code>;</li>
<li>documentos: <code>&lt;entidade&gt;.&lt;situação alcançada&gt;</code> — ex.: <code>pedidoVenda.faturado</code>,
<code>notaEntrada.confirmada</code>, <code>pedidoCompra.aprovado</code>, <code>pedidoCompra.parcial</code> e
<code>pedidoCompra.recebido</code> (quando uma nota de entrada recebe o pedido) — o nome da ação, ex.:
<code>pedidoVenda.faturar</code>, também assina o mesmo evento;</li>
<li><code>*</code> recebe todos.</li>
</ul>
<p>Cada evento é enviado como <code>POST</code> com corpo JSON:</p>
${code(BODY)}
<table><thead><tr><th>Cabeçalho</th><th>Conteúdo</th></tr></thead><tbody>
<tr><td><code>X-Webhook-Id</code></td><td>Identificador da entrega: o mesmo em todas as tentativas e no reenvio — use-o para não processar o mesmo evento duas vezes.</td></tr>
<tr><td><code>X-Webhook-Evento</code></td><td>O nome do evento, como no corpo.</td></tr>
<tr><td><code>X-Webhook-Timestamp</code></td><td>Momento do envio desta tentativa, em segundos desde 1970 (Unix).</td></tr>
<tr><td><code>X-Webhook-Assinatura</code></td><td><code>sha256=</code> seguido do HMAC-SHA256, em hexadecimal, com o segredo do webhook, sobre <code>&lt;timestamp&gt;.&lt;corpo&gt;</code> (o timestamp, um ponto e o corpo exatamente como recebido).</td></tr>
</tbody></table>
<h3>Como verificar a assinatura</h3>
<p>Calcule o HMAC sobre o corpo <b>bruto</b> (antes de interpretar o JSON), compare em tempo constante e recuse timestamps com mais de
5 minutos de diferença. Node.js:</p>
${code(NODE)}
<p>Python:</p>
${code(PYTHON)}
<h3>Respostas, novas tentativas e reenvio</h3>
<ul>
<li>Um evento só é enviado quando a alteração que o gerou foi gravada: ele é registrado na mesma transação, e uma
operação recusada ou desfeita não envia nada.</li>
<li>Responda com um status <b>2xx</b> em até 10 segundos; redirecionamentos não são seguidos.</li>
<li>Qualquer outra resposta, ou falha de conexão, gera novas tentativas com intervalo crescente (exponencial: cerca de
${retryDelaySeconds} s, depois o dobro a cada vez), até ${retryLimit} novas tentativas.</li>
<li>Cada entrega fica em <b>Configurações › Integrações › Entregas de webhooks</b>: situação, tentativas, status HTTP, início da
resposta e horário. A ação <b>reenviar</b> (<code>POST /api/WebhookEntregas/{id}/reenviar</code>) envia o mesmo corpo de novo,
com nova assinatura.</li>
<li>Por segurança, o endereço precisa ser https e público: endereços internos (rede local, localhost, metadados de nuvem) são
recusados.</li>
</ul>

<h2 id="operacoes">Operações</h2>
${operationsHtml(options.byTag)}
</body></html>`;
}
