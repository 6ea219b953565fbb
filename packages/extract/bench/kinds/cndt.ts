/**
 * CNDT (Justiça do Trabalho), about a person: name, CPF, number, issue and validity (180 days),
 * and the result. A certificate about a person, not the property.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, br, iso, type Day, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function cndt(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; who: Person; id: string; issued?: Day }): DocSpec {
  const doc = new DocBuilder({ size: 10.5, leading: 16 });
  const drawn = addDays(sale.dates.certidoes, -rng.int(0, 10));
  const issued = variant.issued ?? drawn;
  const valid = addDays(issued, 180);
  doc.line('PODER JUDICIÁRIO', { center: true, font: 'bold' });
  doc.line('JUSTIÇA DO TRABALHO', { center: true, font: 'bold' });
  doc.space(8);
  doc.line('CERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS', { center: true, font: 'bold', size: 13 });
  doc.field('resultado_certidao', 'negativa');
  doc.space(8);
  doc.line(`Nome: ${variant.who.name.toUpperCase()}`);
  doc.line(`CPF: ${variant.who.cpf}`);
  doc.line(`Certidão nº: ${rng.int(10000000, 99999999)}/${issued.y}`);
  doc.line(`Expedição: ${br(issued)}, às ${rng.int(8, 20)}:${rng.int(10, 59)}:${rng.int(10, 59)}`);
  doc.field('data_emissao', iso(issued));
  doc.line(`Validade: ${br(valid)} - 180 (cento e oitenta) dias, contados da data de sua expedição.`);
  doc.field('validade', iso(valid));
  doc.space(8);
  doc.para(`Certifica-se que ${variant.who.name.toUpperCase()}, inscrito(a) no CPF sob o nº ${variant.who.cpf}, NÃO CONSTA do Banco Nacional de Devedores Trabalhistas.`);
  doc.para('Certidão emitida com base no art. 642-A da Consolidação das Leis do Trabalho, acrescentado pela Lei nº 12.440, de 7 de julho de 2011, e na Resolução Administrativa nº 1470/2011 do Tribunal Superior do Trabalho.');
  doc.para('Os dados constantes desta Certidão são de responsabilidade dos Tribunais do Trabalho. No caso de pessoa jurídica, a Certidão atesta a empresa em relação a todos os seus estabelecimentos, agências ou filiais.');
  doc.para('A aceitação desta certidão condiciona-se à verificação de sua autenticidade no portal do Tribunal Superior do Trabalho na Internet.');
  return { id: variant.id, file: variant.file, type: 'cndt', medium: variant.medium, doc, liens: [], traps: [], about: variant.who.name };
}
