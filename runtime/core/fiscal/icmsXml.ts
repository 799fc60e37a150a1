import type { ItemCalculado } from './tributacaoTipos.ts';
import { dinheiro, grupo, percentual, quantidadeXml, tag } from './xmlNfeTexto.ts';

/**
 * The ICMS group of one item (leiauteNFe_v4.00, N02–N10h), chosen by its CST (regime normal) or CSOSN
 * (Simples Nacional), children in schema order; optional sequences only when they carry values.
 */
export function icmsXml(item: ItemCalculado): string {
  const i = item.icms;
  const orig = tag('orig', String(i.orig));
  const proprio = (reducao: boolean) =>
    [
      tag('modBC', String(i.modBC ?? 3)),
      reducao ? tag('pRedBC', percentual(i.pRedBC)) : '',
      tag('vBC', dinheiro(i.vBC)),
      tag('pICMS', percentual(i.pICMS)),
      tag('vICMS', dinheiro(i.vICMS)),
    ].join('');
  const st = () => {
    const s = i.st!;
    return [
      tag('modBCST', String(s.modBCST)),
      s.modBCST === 4 ? tag('pMVAST', percentual(s.pMVAST)) : '',
      s.pRedBCST > 0 ? tag('pRedBCST', percentual(s.pRedBCST)) : '',
      tag('vBCST', dinheiro(s.vBCST)),
      tag('pICMSST', percentual(s.pICMSST)),
      tag('vICMSST', dinheiro(s.vICMSST)),
      s.pFCPST > 0
        ? tag('vBCFCPST', dinheiro(s.vBCFCPST)) +
          tag('pFCPST', percentual(s.pFCPST)) +
          tag('vFCPST', dinheiro(s.vFCPST))
        : '',
    ].join('');
  };
  const retido = () => {
    const r = i.stRetido;
    return r
      ? tag('vBCSTRet', dinheiro(r.vBCSTRet)) +
          tag('pST', percentual(r.pST)) +
          tag('vICMSSubstituto', dinheiro(r.vICMSSubstituto)) +
          tag('vICMSSTRet', dinheiro(r.vICMSSTRet))
      : '';
  };
  const mono = i.monofasico;
  const credito = () => tag('pCredSN', percentual(i.pCredSN)) + tag('vCredICMSSN', dinheiro(i.vCredICMSSN));
  if (i.csosn) {
    const c = i.csosn;
    const csosn = tag('CSOSN', c);
    if (c === '101') return grupo('ICMSSN101', orig, csosn, credito());
    if (['102', '103', '300', '400'].includes(c)) return grupo('ICMSSN102', orig, csosn);
    if (c === '201') return grupo('ICMSSN201', orig, csosn, st(), credito());
    if (c === '202' || c === '203') return grupo('ICMSSN202', orig, csosn, st());
    if (c === '500') return grupo('ICMSSN500', orig, csosn, retido());
    return grupo(
      'ICMSSN900',
      orig,
      csosn,
      i.vBC > 0 ? proprio(i.pRedBC > 0) : '',
      i.st ? st() : '',
      i.vCredICMSSN > 0 ? credito() : '',
    );
  }
  const c = i.cst!;
  const cst = tag('CST', c);
  if (c === '00') return grupo('ICMS00', orig, cst, proprio(false));
  if (c === '10') return grupo('ICMS10', orig, cst, proprio(false), st());
  if (c === '20') return grupo('ICMS20', orig, cst, proprio(true));
  if (c === '40' || c === '41' || c === '50') return grupo('ICMS40', orig, cst);
  if (c === '60') return grupo('ICMS60', orig, cst, retido());
  if (c === '02' || c === '15')
    return grupo(
      `ICMS${c}`,
      orig,
      cst,
      tag('qBCMono', quantidadeXml(mono!.qBCMono)),
      tag('adRemICMS', percentual(mono!.adRemICMS)),
      tag('vICMSMono', dinheiro(mono!.vICMSMono)),
      c === '15'
        ? tag('qBCMonoReten', quantidadeXml(mono!.qBCMonoReten!)) +
            tag('adRemICMSReten', percentual(mono!.adRemICMSReten!)) +
            tag('vICMSMonoReten', dinheiro(mono!.vICMSMonoReten!))
        : '',
    );
  if (c === '53')
    return grupo(
      'ICMS53',
      orig,
      cst,
      tag('qBCMono', quantidadeXml(mono!.qBCMono)),
      tag('adRemICMS', percentual(mono!.adRemICMS)),
      tag('vICMSMonoOp', dinheiro(mono!.vICMSMonoOp!)),
      tag('pDif', percentual(mono!.pDif!)),
      tag('vICMSMonoDif', dinheiro(mono!.vICMSMonoDif!)),
      tag('vICMSMono', dinheiro(mono!.vICMSMono)),
    );
  if (c === '61') {
    const r = i.monofasicoRetido!;
    return grupo(
      'ICMS61',
      orig,
      cst,
      tag('qBCMonoRet', quantidadeXml(r.qBCMonoRet)),
      tag('adRemICMSRet', percentual(r.adRemICMSRet)),
      tag('vICMSMonoRet', dinheiro(r.vICMSMonoRet)),
    );
  }
  if (c === '51') {
    const d = i.diferimento!;
    return grupo(
      'ICMS51',
      orig,
      cst,
      tag('modBC', String(i.modBC ?? 3)),
      i.pRedBC > 0 ? tag('pRedBC', percentual(i.pRedBC)) : '',
      tag('vBC', dinheiro(i.vBC)),
      tag('pICMS', percentual(i.pICMS)),
      tag('vICMSOp', dinheiro(d.vICMSOp)),
      tag('pDif', percentual(d.pDif)),
      tag('vICMSDif', dinheiro(d.vICMSDif)),
      tag('vICMS', dinheiro(i.vICMS)),
    );
  }
  if (c === '70') return grupo('ICMS70', orig, cst, proprio(true), st());
  return grupo('ICMS90', orig, cst, i.vBC > 0 ? proprio(i.pRedBC > 0) : '', i.st ? st() : '');
}
