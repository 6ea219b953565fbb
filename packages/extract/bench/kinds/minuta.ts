/**
 * Minuta: the deed's Word draft, sent by the notary's clerk before the signing. Same text as the
 * deed, with blanks for what is still unknown (ITBI) and a table of the property's figures.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, money } from '../people.ts';
import type { Sale } from '../sale.ts';
import { escrituraParagraphs } from './escritura.ts';

export function minuta(sale: Sale, rng: Rng, file: string): DocSpec {
  const { paragraphs } = escrituraParagraphs(sale, rng);
  const doc = new DocBuilder();
  const kept = paragraphs.filter((p) => !p.text.startsWith('3. DO ITBI'));
  for (const p of kept) for (const m of p.marks) doc.field(m.key, m.value, 1);
  const texts = [
    'MINUTA - ESCRITURA PÚBLICA DE VENDA E COMPRA (para conferência das partes)',
    ...kept.map((p) => p.text),
    '3. DO ITBI: O imposto de transmissão será recolhido pelos compradores antes da lavratura, guia nº [●], no valor de R$ [●].',
    'Observação do escrevente: favor conferir nomes, documentos e estado civil; eventuais correções devem ser enviadas por e-mail.',
  ];
  const prop = sale.property;
  const table: string[][] = [
    ['Item', 'Dado'],
    [prop.kind === 'casa' ? 'Área construída' : 'Área privativa', `${area(prop.kind === 'casa' ? prop.areas.construida : prop.areas.privativa)} m²`],
    ['Preço', `R$ ${money(sale.price)}`],
  ];
  return { id: `minuta-${sale.index}`, file, type: 'minuta', medium: { kind: 'docx', paragraphs: texts, table }, doc, liens: [], traps: [TRAPS.partyAddresses, TRAPS.lienNegation] };
}
