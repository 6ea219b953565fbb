/**
 * RG or CNH photographed on a table, usually sideways: a card drawn large on the sheet, with the
 * labels above the values. The report names its presence, never its numbers.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, dayIn, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function identidade(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; who: Person; card: 'rg' | 'cnh'; id: string }): DocSpec {
  const doc = new DocBuilder({ size: 16, leading: 24, left: 50 });
  const p = variant.who;
  const born = dayIn(rng, 1950, 1995);
  doc.rect(30, 40, 535, 760, { line: 2, fill: variant.card === 'rg' ? [0.86, 0.93, 0.86] : [0.9, 0.93, 0.97] });
  doc.line('REPÚBLICA FEDERATIVA DO BRASIL', { font: 'bold', center: true, size: 18 });
  if (variant.card === 'rg') {
    doc.line('ESTADO DE SÃO PAULO', { center: true });
    doc.line('SECRETARIA DA SEGURANÇA PÚBLICA', { center: true });
    doc.line('CARTEIRA DE IDENTIDADE', { font: 'bold', center: true, size: 20 });
    doc.space(16);
    for (const [label, value] of [
      ['REGISTRO GERAL', p.rg],
      ['DATA DE EXPEDIÇÃO', br(dayIn(rng, 2005, 2022))],
      ['NOME', p.name.toUpperCase()],
      ['FILIAÇÃO', `${rng.pick(['JOSÉ', 'ANTÔNIO', 'PEDRO'])} ${p.name.split(' ').at(-1)!.toUpperCase()}`],
      ['NATURALIDADE', `${rng.pick(['SÃO PAULO', 'CAMPINAS', 'SANTOS', 'RIBEIRÃO PRETO'])} - SP`],
      ['DATA DE NASCIMENTO', br(born)],
      ['CPF', p.cpf],
    ] as const) {
      doc.line(label, { size: 11 });
      doc.line(value, { font: 'bold', size: 18 });
    }
  } else {
    doc.line('MINISTÉRIO DA INFRAESTRUTURA', { center: true });
    doc.line('CARTEIRA NACIONAL DE HABILITAÇÃO', { font: 'bold', center: true, size: 20 });
    doc.space(16);
    for (const [label, value] of [
      ['NOME', p.name.toUpperCase()],
      ['DOC. IDENTIDADE / ÓRG. EMISSOR / UF', `${p.rg} SSP SP`],
      ['CPF', p.cpf],
      ['DATA NASCIMENTO', br(born)],
      ['Nº REGISTRO', String(rng.int(10000000000, 99999999999))],
      ['VALIDADE', br(dayIn(rng, 2026, 2033))],
      ['CAT. HAB.', rng.pick(['B', 'AB'])],
    ] as const) {
      doc.line(label, { size: 11 });
      doc.line(value, { font: 'bold', size: 18 });
    }
  }
  return { id: variant.id, file: variant.file, type: 'identidade', medium: variant.medium, doc, liens: [], traps: [TRAPS.idPhoto] };
}
