/**
 * Files that are nothing the registry knows: a 199-page report exported to PDF from the
 * condominium's system (repeated table lines, all text: it must never need OCR), and a short
 * cover e-mail printed to PDF.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, money } from '../people.ts';
import type { Sale } from '../sale.ts';

export const LONG_REPORT_PAGES = 199;

export function relatorioLongo(sale: Sale, rng: Rng, file: string, pages = LONG_REPORT_PAGES): DocSpec {
  const doc = new DocBuilder({ size: 8, leading: 11.5, top: 40, bottom: 40 });
  const columns = 'Lançamento   Data         Histórico                                   Unidade   Valor (R$)';
  let n = 0;
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.newPage();
    doc.line(`RELATÓRIO DE LANÇAMENTOS - CONDOMÍNIO ${(sale.property.building ?? 'RESIDENCIAL').toUpperCase()}`, { font: 'bold', size: 9 });
    doc.line(columns, { font: 'mono', size: 7.5 });
    for (let row = 0; row < 60; row++) {
      n += 1;
      // The same lines over and over, as these exports are: only the figures change.
      const what = row % 3 === 0 ? 'Taxa condominial ordinária                 ' : row % 3 === 1 ? 'Fundo de reserva                           ' : 'Rateio de consumo de água                  ';
      doc.line(`${String(n).padStart(6, '0')}       ${br({ y: 2024, m: (row % 12) + 1, d: 10 })}   ${what} ${String((row % 40) + 1).padStart(4, '0')}      ${money(150 + ((n * 37) % 900) + rng.int(0, 99) / 100)}`, { font: 'mono', size: 7.5, leading: 11.5 });
    }
  }
  doc.footers((p, t) => `Emitido pelo sistema de gestão condominial - página ${p} de ${t}`, { size: 6.5 });
  return { id: `relatorio-${sale.index}`, file, type: 'outro', medium: { kind: 'text-pdf', producer: 'JasperReports Library' }, doc, liens: [], traps: [TRAPS.longTextPdf] };
}

export function emailImpresso(sale: Sale, rng: Rng, file: string): DocSpec {
  const doc = new DocBuilder({ size: 10, leading: 15 });
  doc.line(`De: atendimento@imobiliaria-exemplo.com.br`);
  doc.line(`Para: ${sale.buyers[0]!.name} <comprador@exemplo.com.br>`);
  doc.line(`Data: ${br(sale.dates.today)} ${rng.int(8, 18)}:${rng.int(10, 59)}`);
  doc.line('Assunto: Documentos para a escritura');
  doc.space(10);
  doc.para(`Prezado(a) ${sale.buyers[0]!.name.split(' ')[0]}, seguem em anexo os documentos solicitados pelo cartório para a lavratura. Favor conferir e retornar com as suas certidões pessoais até a próxima semana.`);
  doc.para('Atenciosamente, Equipe de Atendimento.');
  return { id: `email-${sale.index}`, file, type: 'outro', medium: { kind: 'text-pdf', producer: 'Microsoft: Print To PDF' }, doc, liens: [], traps: [] };
}
