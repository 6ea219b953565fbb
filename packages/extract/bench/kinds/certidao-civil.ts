/**
 * Certidão de casamento (registro civil): its own 'matrícula' number (the civil registry's, not a
 * property's), the spouses, the marriage regime and the issue date. Usually a scan.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, iso, longDate, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function certidaoCivil(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; death?: Person }): DocSpec {
  if (variant.death) return certidaoObito(sale, rng, variant.death, variant);
  const doc = new DocBuilder({ size: 11, leading: 17 });
  const [a, b] = sale.sellers;
  const year = rng.int(1985, 2012);
  doc.line('REPÚBLICA FEDERATIVA DO BRASIL', { center: true, font: 'bold' });
  doc.line('REGISTRO CIVIL DAS PESSOAS NATURAIS', { center: true, font: 'bold' });
  doc.line('CERTIDÃO DE CASAMENTO', { center: true, font: 'bold', size: 14 });
  doc.space(8);
  doc.line('MATRÍCULA', { size: 8 });
  doc.line(`${rng.int(100000, 199999)} 01 55 ${year} 2 ${String(rng.int(1, 999)).padStart(5, '0')} ${rng.int(100, 999)} ${String(rng.int(1, 99999)).padStart(7, '0')}-${rng.int(10, 99)}`, { font: 'mono' });
  doc.space(6);
  doc.line(`Nome do cônjuge: ${a!.name.toUpperCase()}`);
  doc.line(`CPF: ${a!.cpf}`);
  doc.line(`Nome do cônjuge: ${b!.name.toUpperCase()}`);
  doc.line(`CPF: ${b!.cpf}`);
  doc.line(`Data do casamento: ${rng.int(1, 28)} de ${rng.pick(['março', 'junho', 'setembro', 'dezembro'])} de ${year}`);
  doc.line(`Regime de bens: ${rng.pick(['comunhão parcial de bens', 'comunhão universal de bens', 'separação total de bens'])}`);
  doc.line('Nome que passou a utilizar: o mesmo');
  doc.line('Averbações/Anotações à acrescer: nada consta');
  doc.space(10);
  doc.para('O conteúdo da certidão é verdadeiro. Dou fé.');
  doc.para(`${sale.city.name}, ${longDate(sale.dates.certidoes)}.`, [{ key: 'data_emissao', value: iso(sale.dates.certidoes), needle: longDate(sale.dates.certidoes) }]);
  doc.line('Oficial de Registro Civil', { size: 9 });
  return { id: `civil-${sale.index}`, file: variant.file, type: 'certidao_civil', medium: variant.medium, doc, liens: [], traps: [] };
}

/** Certidão de óbito of the owner whose estate the partilha settled: it states that he left property. */
function certidaoObito(sale: Sale, rng: Rng, who: Person, variant: { medium: Medium; file: string }): DocSpec {
  const doc = new DocBuilder({ size: 11, leading: 17 });
  const widow = sale.sellers[0]!;
  const died = addDays(sale.dates.today, -rng.int(400, 900));
  doc.line('REPÚBLICA FEDERATIVA DO BRASIL', { center: true, font: 'bold' });
  doc.line('REGISTRO CIVIL DAS PESSOAS NATURAIS', { center: true, font: 'bold' });
  doc.line('CERTIDÃO DE ÓBITO', { center: true, font: 'bold', size: 14 });
  doc.space(8);
  doc.line('MATRÍCULA', { size: 8 });
  doc.line(`${rng.int(100000, 199999)} 01 55 ${died.y} 4 ${String(rng.int(1, 999)).padStart(5, '0')} ${rng.int(100, 999)} ${String(rng.int(1, 99999)).padStart(7, '0')}-${rng.int(10, 99)}`, { font: 'mono' });
  doc.space(6);
  doc.line(`Nome: ${who.name.toUpperCase()}`);
  doc.line(`CPF: ${who.cpf}`);
  doc.line(`Data do falecimento: ${longDate(died)}`);
  doc.line(`Local do falecimento: ${sale.city.name}/${sale.city.uf}`);
  doc.line(`Estado civil: casado com ${widow.name.toUpperCase()}`);
  doc.line(`Deixou filhos: sim, ${sale.sellers.slice(1).map((p) => p.name.toUpperCase()).join(' e ')}`);
  doc.line('Deixou bens: sim. Deixou testamento: não consta.');
  doc.line(`Declarante: ${widow.name.toUpperCase()}`);
  doc.space(10);
  doc.para('O conteúdo da certidão é verdadeiro. Dou fé.');
  doc.para(`${sale.city.name}, ${longDate(sale.dates.certidoes)}.`, [{ key: 'data_emissao', value: iso(sale.dates.certidoes), needle: longDate(sale.dates.certidoes) }]);
  doc.line('Oficial de Registro Civil', { size: 9 });
  return { id: `obito-${sale.index}`, file: variant.file, type: 'certidao_civil', medium: variant.medium, doc, liens: [], traps: [] };
}
