/**
 * A bank's appraisal report (laudo de avaliação): the property's address and areas, the method and
 * the market value ('valor'). The bank's own address is in the header.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, money, person, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { officeLine } from './common.ts';
import { address } from '../people.ts';

export function laudo(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const doc = new DocBuilder({ size: 10, leading: 15 });
  const p = sale.property;
  const a = p.address;
  const value = Math.round(sale.price * (0.95 + rng.next() * 0.15) / 1000) * 1000;
  const appraiser = person(rng.fork('appraiser'));
  doc.line(sale.lender.toUpperCase(), { font: 'bold', center: true });
  doc.line(`Diretoria de Crédito Imobiliário - ${officeLine(address(rng.fork('bank'), sale.city))}`, { center: true, size: 8 });
  doc.space(8);
  doc.line('LAUDO DE AVALIAÇÃO DE IMÓVEL URBANO', { font: 'bold', center: true, size: 12 });
  doc.line(`Laudo nº ${rng.int(100000, 999999)}/${sale.dates.today.y} - Finalidade: garantia de financiamento habitacional`, { size: 9 });
  doc.space(6);
  doc.line('1. IDENTIFICAÇÃO DO IMÓVEL', { font: 'bold' });
  doc.para(`Imóvel residencial situado na ${a.street}, nº ${a.number}, ${a.district}, ${sale.city.name}/${sale.city.uf}, objeto da matrícula nº ${p.matricula} do ${sale.registry.short}.`, [{ key: 'endereco', value: truthAddress(a), needle: `${a.street}, nº ${a.number}` }]);
  doc.line('2. CARACTERIZAÇÃO', { font: 'bold' });
  doc.para(`Área do terreno: ${area(p.areas.terreno)} m². Área construída: ${area(p.areas.construida)} m². Padrão construtivo normal, estado de conservação regular, idade aparente de ${sale.dates.today.y - sale.dates.developerOpening.y} anos.`, [
    { key: 'area_terreno_m2', value: p.areas.terreno, needle: `Área do terreno: ${area(p.areas.terreno)}` },
    { key: 'area_construida_m2', value: p.areas.construida, needle: `Área construída: ${area(p.areas.construida)}` },
  ]);
  doc.line('3. METODOLOGIA', { font: 'bold' });
  doc.para('Método comparativo direto de dados de mercado (ABNT NBR 14653-2), com tratamento por fatores e amostra de 12 elementos homogeneizados. Grau de fundamentação II, grau de precisão III.');
  doc.line('4. VALOR DE MERCADO', { font: 'bold' });
  doc.para(`Valor de mercado do imóvel: R$ ${money(value)}. Valor para liquidação forçada: R$ ${money(Math.round(value * 0.75))}.`, [{ key: 'valor', value, needle: `R$ ${money(value)}` }]);
  doc.line('5. OBSERVAÇÕES', { font: 'bold' });
  doc.para('A vistoria não identificou irregularidades aparentes. A análise jurídica da matrícula, de ônus e de gravames não faz parte deste laudo.');
  doc.space(16);
  doc.line(`${appraiser.name} - Engenheiro(a) avaliador(a) - CREA ${rng.int(100000, 599999)}`, { size: 9 });
  return { id: `laudo-${sale.index}`, file: variant.file, type: 'laudo', medium: variant.medium, doc, liens: [], traps: [TRAPS.companySeatAddress] };
}
