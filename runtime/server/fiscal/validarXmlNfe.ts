import { validateXML } from 'xmllint-wasm';
import { arquivosSchemaNfe, PACOTE_SCHEMAS_NFE } from './nfeSchemaPackage.ts';
import { traduzirErroSchema } from './traduzirErroSchema.ts';

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

/**
 * Validates an NF-e/NFC-e (`<NFe>`, signed) against `nfe_v4.00.xsd` of the pinned PL with xmllint-wasm
 * (libxml2 compiled to WebAssembly), which runs each validation in its own worker thread: the API's event
 * loop only waits. Errors come back in pt-BR with the path of the offending field.
 */
export async function validarXmlNfe(xml: string): Promise<ResultadoValidacaoNfe> {
  const [principal, ...incluidos] = await arquivosSchemaNfe('nfe_v4.00.xsd');
  const linhas = umElementoPorLinha(xml.replace(/^<\?xml[^>]*\?>\s*/, ''));
  const resultado = await validateXML({
    xml: [{ fileName: 'nfe.xml', contents: linhas }],
    schema: [principal!],
    preload: incluidos,
  });
  if (resultado.valid) return { valido: true, pacote: PACOTE_SCHEMAS_NFE, erros: [] };
  const caminhos = caminhosPorLinha(linhas.split('\n'));
  const erros = resultado.errors
    .filter((erro) => erro.message.trim() !== '' && !/fails to validate$/.test(erro.message))
    .map((erro) => {
      const campo = (erro.loc && caminhos[erro.loc.lineNumber]) || '';
      return { campo, mensagem: traduzirErroSchema(erro.message, campo), original: erro.rawMessage };
    });
  return { valido: false, pacote: PACOTE_SCHEMAS_NFE, erros };
}
