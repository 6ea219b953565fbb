/**
 * Auto de conclusão (habite-se) from the 1980s–90s, typewritten and scanned: the address, the
 * built area and the date.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, area, iso, longDate, truthAddress } from '../people.ts';
import { typewritten } from './common.ts';
import { TRAPS } from '../doc-spec.ts';
import type { Sale } from '../sale.ts';

export function habiteSe(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; typewriter: boolean }): DocSpec {
  const doc = new DocBuilder(variant.typewriter ? { font: 'mono', size: 11, leading: 18, left: 60 } : { size: 11, leading: 17 });
  const p = sale.property;
  const a = p.address;
  const day = addDays(sale.dates.developerOpening, 380);
  doc.line(sale.city.name === 'São Paulo' ? 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO' : `PREFEITURA MUNICIPAL DE ${sale.city.name.toUpperCase()}`, { center: true, font: 'bold' });
  doc.line('SECRETARIA DE HABITAÇÃO E DESENVOLVIMENTO URBANO', { center: true });
  doc.space(10);
  doc.line('AUTO DE CONCLUSÃO (HABITE-SE)', { center: true, font: 'bold', size: 13 });
  doc.line(`Nº ${rng.int(1000, 9999)}/${day.y} - Processo nº ${rng.int(1000, 9999)}-${rng.int(10, 99)}.${day.y - 1}`, { center: true });
  doc.space(10);
  doc.para(`Certificamos que a obra situada na ${a.street}, nº ${a.number}, ${a.district}, executada de acordo com o Alvará de Execução nº ${rng.int(100, 999)}/${day.y - 2}, foi concluída e vistoriada, estando em condições de ser habitada.`, [
    { key: 'endereco', value: truthAddress(a), needle: `${a.street}, nº ${a.number}` },
  ]);
  const num = (t: string) => (variant.typewriter ? typewritten(t) : t);
  doc.para(`Área construída total: ${num(area(p.kind === 'casa' ? p.areas.construida : p.areas.terreno * 4.2))} m².`, [
    { key: 'area_construida_m2', value: p.kind === 'casa' ? p.areas.construida : Math.round(p.areas.terreno * 4.2 * 100) / 100, needle: 'Área construída' },
  ]);
  doc.para(`Uso: ${p.kind === 'casa' ? 'residencial unifamiliar' : 'residencial multifamiliar'}. Pavimentos: ${p.kind === 'casa' ? 2 : rng.int(8, 22)}.`);
  doc.space(6);
  doc.para(`${sale.city.name}, ${longDate(day)}.`, [{ key: 'data_emissao', value: iso(day), needle: longDate(day) }]);
  doc.space(24);
  doc.line('Diretor(a) da Divisão de Aprovação', { size: 9 });
  return { id: `habite-se-${sale.index}`, file: variant.file, type: 'habite_se', medium: variant.medium, doc, liens: [], traps: variant.typewriter ? [TRAPS.typewriter, TRAPS.ocrHostileNumbers] : [] };
}
