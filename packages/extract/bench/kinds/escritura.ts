/**
 * Escritura pública de venda e compra (traslado): the notary's header and address, the parties
 * qualified with their domiciles (none of them the property), the property with its matrícula,
 * RI and inscription, the price in figures and words, the ITBI paid, the certidões presented and
 * the seller's declarations ('livre e desembaraçado de quaisquer ônus').
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, iso, longDate, money, reaisInWords, thousands } from '../people.ts';
import type { Sale } from '../sale.ts';
import { NEGATIONS, officeLine, qualify, seloLine } from './common.ts';
import { propertyClause } from './property-text.ts';

export function escrituraParagraphs(sale: Sale, rng: Rng): { title: string; paragraphs: { text: string; marks: ReturnType<typeof propertyClause>['marks'] }[] } {
  const prop = sale.property;
  const clause = propertyClause(sale, prop);
  const parking = sale.parking ? `; e a ${sale.parking.unit}, objeto da matrícula nº ${thousands(sale.parking.matricula)} do mesmo Registro` : '';
  const it = sale.itbi;
  // The notary's CNIB search (Provimento CNJ 39/2014) is quoted in the deed with its hash code.
  const cnibHash = Array.from({ length: 4 }, () => rng.int(0x1000, 0xffff).toString(16)).join('').slice(0, 16);
  const paragraphs = [
    { text: `SAIBAM quantos esta pública escritura virem que, aos ${longDate(sale.dates.deed)}, nesta cidade de ${sale.city.name}, no ${sale.notary.name}, situado na ${officeLine(sale.notary.address)}, perante mim, escrevente, compareceram as partes entre si justas e contratadas, a saber:`, marks: [] },
    { text: `como OUTORGANTES VENDEDORES: ${sale.sellers.map(qualify).join('; e ')};`, marks: [] },
    { text: `e como OUTORGADO(S) COMPRADOR(ES): ${sale.buyers.map(qualify).join('; e ')}.`, marks: [] },
    { text: `1. DO IMÓVEL: Os outorgantes são senhores e legítimos possuidores de ${clause.text}${parking}.`, marks: clause.marks },
    {
      text: `2. DO PREÇO: Pela presente escritura vendem o imóvel aos outorgados pelo preço certo e ajustado de R$ ${money(sale.price)} (${reaisInWords(sale.price)}), pago neste ato mediante transferência bancária, do qual dão plena, geral e irrevogável quitação.`,
      marks: [{ key: 'valor_transacao' as const, value: sale.price, needle: `R$ ${money(sale.price)}` }],
    },
    {
      text: `3. DO ITBI: O imposto de transmissão foi recolhido por meio da guia nº ${it.guide}, sobre a base de cálculo de R$ ${money(it.base)}, sendo o valor venal de referência de R$ ${money(sale.vvr)}, no valor de R$ ${money(it.tax)}, pago em ${br(it.paid)}.`,
      marks: [
        { key: 'valor_venal_referencia' as const, value: sale.vvr, needle: `referência de R$ ${money(sale.vvr)}` },
        { key: 'valor_imposto' as const, value: it.tax, needle: `valor de R$ ${money(it.tax)}` },
      ],
    },
    { text: `4. DAS CERTIDÕES: Foram apresentadas a certidão de matrícula expedida em ${br(sale.dates.matriculaIssue)} pelo Registro de Imóveis, a certidão negativa de débitos de tributos imobiliários, as certidões negativas de débitos trabalhistas (CNDT) e de tributos federais em nome dos vendedores, e a declaração de quitação condominial, que ficam arquivadas nestas notas.`, marks: [] },
    { text: `5. DAS DECLARAÇÕES: Os vendedores declaram, sob as penas da lei, que ${NEGATIONS.free.charAt(0).toLowerCase()}${NEGATIONS.free.slice(1)} Declaram ainda que não há ações reais ou pessoais reipersecutórias relativas ao imóvel. Foi feita a consulta à Central Nacional de Indisponibilidade de Bens - CNIB em nome dos outorgantes vendedores, com resultado negativo, código hash ${cnibHash}.`, marks: [] },
    { text: `6. Os outorgados compradores aceitam a presente escritura em todos os seus termos. Emitida a DOI - Declaração sobre Operação Imobiliária. Assim o disseram, do que dou fé. Eu, ${sale.notary.officer}, escrevente, a lavrei. Emolumentos: R$ ${money(rng.int(300000, 600000) / 100)}.`, marks: [] },
  ];
  return { title: 'ESCRITURA PÚBLICA DE VENDA E COMPRA', paragraphs };
}

export function escritura(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const scanned = variant.medium.kind !== 'text-pdf';
  const doc = new DocBuilder(scanned ? { size: 11, leading: 16 } : { size: 10, leading: 14 });
  const book = `LIVRO ${rng.int(1000, 4999)} - FOLHAS ${rng.int(1, 399)}`;
  doc.line(sale.notary.name.toUpperCase(), { center: true, font: 'bold', size: 12 });
  doc.line(`${sale.notary.officer} - Tabelião`, { center: true, size: 9 });
  doc.line(officeLine(sale.notary.address), { center: true, size: 8 });
  doc.space(6);
  doc.line(book, { font: 'bold' });
  const { title, paragraphs } = escrituraParagraphs(sale, rng);
  doc.line(title, { center: true, font: 'bold', size: 12 });
  doc.space(4);
  for (const p of paragraphs) {
    doc.para(p.text, p.marks);
    doc.space(3);
  }
  doc.para(`${sale.city.name}, ${longDate(sale.dates.deed)}.`, [{ key: 'data_emissao', value: iso(sale.dates.deed), needle: longDate(sale.dates.deed) }]);
  doc.space(30);
  doc.line('________________________________          ________________________________');
  doc.line('OUTORGANTES VENDEDORES                          OUTORGADOS COMPRADORES', { size: 8 });
  const selo = seloLine(rng, sale.notary.name);
  doc.footers((p, t) => `${book} - ${selo} - ${p}/${t}`, { textLayer: true, size: 6 });
  return {
    id: `escritura-${sale.index}`,
    file: variant.file,
    type: 'escritura',
    medium: variant.medium,
    doc,
    liens: [],
    traps: [TRAPS.partyAddresses, TRAPS.lienNegation],
  };
}
