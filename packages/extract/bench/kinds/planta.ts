/**
 * A floor plan: rooms drawn as boxes with their names and areas, and the title block with the
 * land and built areas, the scale and the engineer.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function planta(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const doc = new DocBuilder();
  const p = sale.property;
  const rooms = ['SALA', 'COZINHA', 'DORM. 1', 'DORM. 2', 'BANHO', 'ÁREA DE SERVIÇO', 'VARANDA'];
  let x = 60;
  let y = 80;
  for (const [i, room] of rooms.entries()) {
    const w = rng.int(110, 170);
    const h = rng.int(90, 140);
    if (x + w > 540) {
      x = 60;
      y += 160;
    }
    doc.rect(x, y, w, h, { line: 2 });
    doc.at(x + 10, y + h / 2, room, { size: 9, font: 'bold' });
    doc.at(x + 10, y + h / 2 + 12, `${area(rng.int(300, 2500) / 100)} m²`, { size: 8 });
    x += w + (i % 2 ? 10 : 0);
  }
  const engineer = person(rng.fork('eng'));
  const ty = 640;
  doc.rect(300, ty, 255, 150, { line: 1.2 });
  doc.at(308, ty + 16, `PLANTA - ${p.kind === 'casa' ? 'RESIDÊNCIA UNIFAMILIAR' : 'APARTAMENTO TIPO'}`, { font: 'bold', size: 9 });
  doc.at(308, ty + 32, `Área do terreno: ${area(p.areas.terreno)} m²`, { size: 8.5 });
  doc.field('area_terreno_m2', p.areas.terreno);
  doc.at(308, ty + 46, `Área construída: ${area(p.areas.construida)} m²`, { size: 8.5 });
  doc.field('area_construida_m2', p.areas.construida);
  doc.at(308, ty + 60, 'Escala 1:100', { size: 8.5 });
  doc.at(308, ty + 74, `Resp. técnico: Eng. ${engineer.name} - CREA ${rng.int(100000, 599999)}/D`, { size: 7.5 });
  doc.at(308, ty + 88, `Folha 01/01 - Rev. ${rng.int(0, 3)}`, { size: 7.5 });
  return { id: `planta-${sale.index}`, file: variant.file, type: 'planta', medium: variant.medium, doc, liens: [], traps: [] };
}
