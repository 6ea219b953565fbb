/**
 * Certidão do distribuidor (ações cíveis, execuções fiscais) or of protesto, about a person:
 * 'NADA CONSTA', with sentences that name penhora and execução only to deny them.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, br, iso, longDate, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

export function certidaoDistribuidor(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; kind: 'civel' | 'protesto'; printValidity: boolean; who?: Person; id?: string }): DocSpec {
  const doc = new DocBuilder({ size: 10, leading: 15 });
  const who = variant.who ?? sale.sellers[variant.kind === 'civel' ? 0 : 1]!;
  const issued = addDays(sale.dates.certidoes, -rng.int(0, 8));
  const valid = addDays(issued, 30);
  if (variant.kind === 'civel') {
    doc.line('PODER JUDICIÁRIO', { center: true, font: 'bold' });
    doc.line(`TRIBUNAL DE JUSTIÇA DO ESTADO DE ${sale.city.uf === 'SP' ? 'SÃO PAULO' : sale.city.uf === 'SC' ? 'SANTA CATARINA' : 'MINAS GERAIS'}`, { center: true, font: 'bold' });
    doc.line('CERTIDÃO DE DISTRIBUIÇÃO DE AÇÕES E EXECUÇÕES CÍVEIS, FAMÍLIA E SUCESSÕES', { center: true, font: 'bold', size: 10.5 });
  } else {
    doc.line(`${rng.int(1, 10)}º TABELIÃO DE PROTESTO DE LETRAS E TÍTULOS`, { center: true, font: 'bold' });
    doc.line('CERTIDÃO DE PROTESTO', { center: true, font: 'bold', size: 12 });
  }
  doc.field('resultado_certidao', 'negativa');
  doc.line(`Pedido nº ${rng.int(1000000, 9999999)}`, { size: 9 });
  doc.space(8);
  doc.para(`CERTIFICA que, pesquisando os registros ${variant.kind === 'civel' ? 'de distribuição de feitos cíveis' : 'de protestos'} dos últimos 10 (dez) anos em nome de ${who.name.toUpperCase()}, CPF ${who.cpf}, NADA CONSTA.`);
  if (variant.kind === 'civel') doc.para('Não constam ações de execução, penhoras, arrestos ou sequestros distribuídos contra a pessoa pesquisada. Esta certidão não abrange feitos em segredo de justiça.');
  doc.para(`Certidão expedida em ${longDate(issued)}.`, [{ key: 'data_emissao', value: iso(issued), needle: longDate(issued) }]);
  if (variant.printValidity) {
    doc.line(`Válida até ${br(valid)}.`);
    doc.field('validade', iso(valid));
  }
  doc.line(`Código de verificação: ${rng.int(100000, 999999)}-${rng.int(1000, 9999)}`, { size: 8 });
  return { id: variant.id ?? `distribuidor-${variant.kind}-${sale.index}`, file: variant.file, type: 'certidao_distribuidor', medium: variant.medium, doc, liens: [], traps: [TRAPS.lienNegation], about: who.name };
}
