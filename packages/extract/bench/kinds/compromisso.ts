/**
 * Instrumento particular de compromisso de compra e venda: parties with their domiciles, the
 * property, the price and its payment, and the seller's guarantees, which list every lien there is
 * ('não pesam hipoteca, penhora, …') plus a conditional clause and an outage clause: none of them
 * records a lien.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { longDate, money, reaisInWords } from '../people.ts';
import type { Sale } from '../sale.ts';
import { NEGATIONS, qualify } from './common.ts';
import { propertyClause } from './property-text.ts';

export function compromisso(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; scannedSignaturePage?: boolean }): DocSpec {
  const doc = new DocBuilder({ size: 10, leading: 14.5 });
  const signal = Math.round(sale.price * 0.1);
  doc.line('INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA', { center: true, font: 'bold', size: 12 });
  doc.space(6);
  doc.para(`PROMITENTES VENDEDORES: ${sale.sellers.map(qualify).join('; e ')}.`);
  doc.para(`PROMISSÁRIO(S) COMPRADOR(ES): ${sale.buyers.map(qualify).join('; e ')}.`);
  const clause = propertyClause(sale, sale.property, { cep: rng.chance(0.6) });
  doc.para(`CLÁUSULA PRIMEIRA - DO OBJETO: Os PROMITENTES VENDEDORES são legítimos proprietários de ${clause.text}, e o prometem vender aos PROMISSÁRIOS COMPRADORES nas condições abaixo.`, clause.marks);
  doc.para(
    `CLÁUSULA SEGUNDA - DO PREÇO: O preço total é de R$ ${money(sale.price)} (${reaisInWords(sale.price)}), sendo R$ ${money(signal)} pagos a título de sinal e princípio de pagamento nesta data, e o saldo de R$ ${money(sale.price - signal)} na data da lavratura da escritura, com recursos próprios e/ou financiamento bancário.`,
    [{ key: 'valor_transacao', value: sale.price, needle: `R$ ${money(sale.price)}` }],
  );
  doc.para(`CLÁUSULA TERCEIRA - DA ESCRITURA: A escritura definitiva será outorgada em até 60 (sessenta) dias, correndo por conta dos compradores o ITBI, os emolumentos e o registro.`);
  doc.para(`CLÁUSULA QUARTA - DAS DECLARAÇÕES E GARANTIAS: ${NEGATIONS.guarantees} ${NEGATIONS.conditional}`);
  doc.para(`CLÁUSULA QUINTA - DOS PRAZOS: ${NEGATIONS.outage}`);
  doc.para('CLÁUSULA SEXTA - DA POSSE: A posse será transmitida na data da lavratura da escritura, com a entrega das chaves, devendo o imóvel estar desocupado de pessoas e coisas.');
  doc.para('CLÁUSULA SÉTIMA - DA RESCISÃO: O inadimplemento de qualquer das partes sujeitará a parte infratora à multa de 10% (dez por cento) do preço, sem prejuízo das perdas e danos.');
  doc.para(`CLÁUSULA OITAVA - DO FORO: Fica eleito o foro da Comarca de ${sale.city.name} para dirimir quaisquer dúvidas oriundas deste contrato.`);
  // Printed, signed by hand and scanned back: the last page of the PDF is an image.
  if (variant.scannedSignaturePage) doc.newPage({ raster: true });
  else doc.space(10);
  doc.para(`E, por estarem justas e contratadas, assinam o presente ${variant.scannedSignaturePage ? 'em duas vias' : 'eletronicamente'}. ${sale.city.name}, ${longDate(sale.dates.ccv)}.`);
  if (variant.scannedSignaturePage) {
    doc.space(40);
    for (const p of [...sale.sellers, ...sale.buyers]) {
      doc.line('______________________________________');
      doc.line(p.name.toUpperCase(), { size: 9 });
      doc.space(20);
    }
  }
  doc.footers((p, t) => `Compromisso de compra e venda - página ${p} de ${t} - documento assinado eletronicamente`, { size: 7 });
  return {
    id: `compromisso-${sale.index}`,
    file: variant.file,
    type: 'compromisso',
    medium: variant.medium,
    doc,
    liens: [],
    traps: [TRAPS.partyAddresses, TRAPS.lienNegation],
  };
}
