/**
 * The bank's receipt for the ITBI guide: amount paid, date, authentication; often a phone photo
 * of the paper slip or an internet-banking screenshot.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { bank, br, digits, iso, money } from '../people.ts';
import type { Sale } from '../sale.ts';

export function itbiComprovante(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const photo = variant.medium.kind === 'photo';
  const doc = new DocBuilder(photo ? { font: 'mono', size: 15, leading: 24, left: 70 } : { size: 12, leading: 18, left: 60 });
  const it = sale.itbi;
  doc.line(bank(rng).toUpperCase(), { font: 'bold' });
  doc.line('COMPROVANTE DE PAGAMENTO DE TRIBUTOS', { font: 'bold' });
  doc.line(sale.city.name === 'São Paulo' ? 'PREFEITURA DE SÃO PAULO - DAMSP' : `PREFEITURA DE ${sale.city.name.toUpperCase()}`);
  doc.line('TRIBUTO: ITBI - TRANSMISSÃO INTER VIVOS');
  doc.line(`REFERÊNCIA (SQL/INSCRIÇÃO): ${sale.property.inscription}`);
  doc.field('inscricao_imobiliaria', digits(sale.property.inscription));
  doc.line(`CÓDIGO DE BARRAS: ${rng.int(81600, 81699)}000 ${rng.int(100000, 999999)}`);
  doc.line(`DATA DO PAGAMENTO: ${br(it.paid)}`);
  doc.field('data_pagamento', iso(it.paid));
  doc.line(`VALOR PAGO: R$ ${money(it.tax)}`, { font: 'bold' });
  doc.field('valor_pago', it.tax);
  doc.line(`AGÊNCIA: ${rng.int(1000, 9999)}  CONTA: ${rng.int(10000, 99999)}-${rng.int(0, 9)}`);
  doc.line(`AUTENTICAÇÃO: ${it.authentication}`);
  doc.line('Pagamento efetuado. Guarde este comprovante.');
  return { id: `itbi-comprovante-${sale.index}`, file: variant.file, type: 'itbi_comprovante', medium: variant.medium, doc, liens: [], traps: [] };
}
