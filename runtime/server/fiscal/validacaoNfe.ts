import { arquivosSchemaNfe, PACOTE_SCHEMAS_NFE } from './nfeSchemaPackage.ts';
import { traduzirErroSchema } from './traduzirErroSchema.ts';
import { executarXmllint } from './xmllintWasm.ts';

/** One schema violation, in pt-BR, with the path of the field it is about. */
export interface ErroSchemaNfe {
  /** e.g. `NFe/infNFe/det[2]/prod/NCM` (the nth det, 1-based, as nItem). */
  campo: string;
  mensagem: string;
  /** libxml2's own line, kept for support. */
  original: string;
}

export interface ResultadoValidacaoNfe {
  valido: boolean;
  pacote: string;
  erros: ErroSchemaNfe[];
}

/**
 * A line break before each start tag, so libxml2's line numbers point at an element. Only before start tags
 * and never after a CDATA section: that whitespace is ignorable in element-only content, and no text changes.
 */
const umElementoPorLinha = (xml: string) => xml.replace(/(?<!\]\])>(?=<[A-Za-z])/g, '>\n');

/** The element path open at the start of each line of `linhas` (1-based index), for the error messages. */
function caminhosPorLinha(linhas: string[]): string[] {
  const caminhos = [''];
  const pilha: string[] = [];
  const contagem: Map<string, number>[] = [new Map()];
  for (const linha of linhas) {
    let caminho = pilha.join('/');
    for (const tag of linha.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>/g)) {
      const [, fecha, nomeCompleto, , vazio] = tag;
      const nome = nomeCompleto!.replace(/^.*:/, '');
      if (fecha) {
        pilha.pop();
        contagem.pop();
        continue;
      }
      const irmaos = contagem[contagem.length - 1]!;
      const ordem = (irmaos.get(nome) ?? 0) + 1;
      irmaos.set(nome, ordem);
      const passo = [
        'det',
        'detPag',
        'vol',
        'dup',
        'autXML',
        'obsCont',
        'obsFisco',
        'NVE',
        'DI',
        'adi',
        'med',
        'arma',
        'rastro',
        'procRef',
      ].includes(nome)
        ? `${nome}[${ordem}]`
        : nome;
      caminho = [...pilha, passo].join('/');
      if (!vazio) {
        pilha.push(passo);
        contagem.push(new Map());
      }
    }
    caminhos.push(caminho);
  }
  return caminhos;
}

const LINHA_ERRO = /^([^:]+):(\d+): (.*)$/;

/**
 * Worker entry (validarXmlNfe, validarXmlSchema): validates an NF-e/NFC-e (`<NFe>`, signed) against
 * `nfe_v4.00.xsd` of the pinned PL — or another message against its own entry schema — with libxml2
 * (xmllint-wasm) and translates each error to pt-BR with the field's path.
 */
export async function run({
  xml,
  schema = 'nfe_v4.00.xsd',
}: {
  xml: string;
  /** The entry schema of the pinned package: nfe_v4.00.xsd, or a message's (enviNFe, envEvento…). */
  schema?: string;
}): Promise<ResultadoValidacaoNfe> {
  if (!/^[\w.-]+\.xsd$/.test(schema)) throw new Error(`schema inválido: ${schema}`);
  const arquivos = await arquivosSchemaNfe(schema);
  const linhas = umElementoPorLinha(xml.replace(/^<\?xml[^>]*\?>\s*/, ''));
  const { exitCode, stderr } = await executarXmllint(
    [{ fileName: 'nfe.xml', contents: linhas }, ...arquivos],
    ['--schema', arquivos[0]!.fileName, '--noout', 'nfe.xml'],
  );
  if (exitCode === 0) return { valido: true, pacote: PACOTE_SCHEMAS_NFE, erros: [] };
  if (exitCode !== 3 && exitCode !== 4)
    throw new Error(`xmllint terminou com código ${exitCode}: ${stderr.slice(0, 500)}`);
  const caminhos = caminhosPorLinha(linhas.split('\n'));
  const erros = stderr
    .split('\n')
    .filter((linha) => linha.trim() !== '' && !/(fails to validate|validates)$/.test(linha))
    .map((original) => {
      const achou = LINHA_ERRO.exec(original);
      const campo = (achou && caminhos[Number(achou[2])]) || '';
      return { campo, mensagem: traduzirErroSchema(achou ? achou[3]! : original, campo), original };
    });
  return { valido: false, pacote: PACOTE_SCHEMAS_NFE, erros };
}
