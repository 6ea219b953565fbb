/**
 * A receipt: the signal paid to the sellers, or the notary's fees. Proves a payment, nothing
 * about title.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { iso, longDate, money, reaisInWords } from '../people.ts';
import type { Sale } from '../sale.ts';

export function recibo(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; kind: 'sinal' | 'custas' }): DocSpec {
  const photo = variant.medium.kind === 'photo';
  const doc = new DocBuilder(photo ? { size: 14, leading: 22 } : { size: 11, leading: 17 });
  const amount = variant.kind === 'sinal' ? Math.round(sale.price * 0.1) : rng.int(250000, 900000) / 100;
  const day = variant.kind === 'sinal' ? sale.dates.ccv : sale.dates.certidoes;
  doc.line(variant.kind === 'sinal' ? 'RECIBO DE SINAL E PRINCÍPIO DE PAGAMENTO' : `${sale.notary.name.toUpperCase()} - RECIBO DE CUSTAS E EMOLUMENTOS`, { font: 'bold', center: true });
  doc.space(10);
  doc.line(`VALOR: R$ ${money(amount)}`, { font: 'bold' });
  doc.field('valor_pago', amount);
  doc.space(6);
  if (variant.kind === 'sinal') {
    doc.para(`Recebemos de ${sale.buyers.map((b) => b.name.toUpperCase()).join(' e ')} a importância de R$ ${money(amount)} (${reaisInWords(amount)}), referente ao sinal e princípio de pagamento da compra do imóvel objeto do compromisso de compra e venda firmado nesta data, pelo qual damos quitação da referida quantia.`);
  } else {
    doc.para(`Recebemos de ${sale.buyers[0]!.name.toUpperCase()} a importância acima, referente a emolumentos, taxas e custas da escritura pública de venda e compra, conforme tabela vigente. Protocolo nº ${rng.int(10000, 99999)}.`);
    doc.line(`Emolumentos: R$ ${money(amount * 0.62)}   Estado: R$ ${money(amount * 0.17)}   Outros: R$ ${money(amount * 0.21)}`, { size: 9 });
  }
  doc.space(8);
  doc.para(`${sale.city.name}, ${longDate(day)}.`, [{ key: 'data_pagamento', value: iso(day), needle: longDate(day) }]);
  doc.space(30);
  doc.line('______________________________________');
  doc.line(variant.kind === 'sinal' ? sale.sellers.map((s) => s.name).join(' e ') : 'Caixa', { size: 10 });
  return { id: `recibo-${variant.kind}-${sale.index}`, file: variant.file, type: 'recibo', medium: variant.medium, doc, liens: [], traps: [] };
}
