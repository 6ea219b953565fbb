/**
 * Procuração pública: lavrada by a notary (its name is the field 'cartorio'), the grantors
 * qualified, the attorney, the powers to sell the property. Usually a scan of the traslado.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { iso, longDate, person, thousands } from '../people.ts';
import type { Sale } from '../sale.ts';
import { officeLine, qualify, seloLine } from './common.ts';

export function procuracao(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const doc = new DocBuilder({ size: 11, leading: 16 });
  const attorney = person(rng.fork('attorney'));
  const day = { ...sale.dates.ccv, d: Math.max(1, sale.dates.ccv.d - 3) };
  doc.line(sale.notary.name.toUpperCase(), { center: true, font: 'bold', size: 12 });
  doc.field('cartorio', sale.notary.name);
  doc.line(officeLine(sale.notary.address), { center: true, size: 8 });
  doc.space(6);
  doc.line(`LIVRO ${rng.int(1000, 3000)} - FOLHAS ${rng.int(1, 399)}`, { font: 'bold' });
  doc.line('PROCURAÇÃO BASTANTE QUE FAZEM', { center: true, font: 'bold', size: 12 });
  doc.para(
    `SAIBAM quantos este público instrumento de procuração virem que, aos ${longDate(day)}, nesta cidade, perante mim, escrevente, compareceram como OUTORGANTES: ${sale.sellers.map(qualify).join('; e ')}; reconhecidos como os próprios por mim, à vista dos documentos apresentados, do que dou fé.`,
    [{ key: 'data_emissao', value: iso(day), needle: longDate(day) }],
  );
  doc.para(`E por eles me foi dito que nomeiam e constituem seu bastante procurador: ${qualify(attorney)}; a quem conferem poderes especiais para vender, a quem quiser e pelo preço que ajustar, o imóvel objeto da matrícula nº ${thousands(sale.property.matricula)} do ${sale.registry.name}, podendo assinar escrituras, receber o preço, dar quitação, requerer certidões, recolher impostos, responder por evicção e praticar todos os atos necessários ao fiel cumprimento deste mandato, inclusive substabelecer.`);
  doc.para('A presente procuração é outorgada em caráter irrevogável e irretratável, com prazo de validade de 1 (um) ano. Assim o disseram, do que dou fé. Lida em voz alta, aceitam e assinam.');
  doc.para(`O referido é verdade e dou fé. Eu, ${sale.notary.officer}, escrevente, a subscrevi.`);
  const selo = seloLine(rng, sale.notary.name);
  doc.footers(() => selo, { textLayer: true, size: 6.5 });
  return { id: `procuracao-${sale.index}`, file: variant.file, type: 'procuracao', medium: variant.medium, doc, liens: [], traps: [TRAPS.partyAddresses] };
}
