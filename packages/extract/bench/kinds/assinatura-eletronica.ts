/**
 * The e-signature platform's 'certificado de conclusão' that comes stapled to a contract: envelope
 * id, the signed document's name, each signer with e-mail, IP and timestamps. No property facts.
 */
import { DocBuilder } from '../layout.ts';
import type { DocSpec } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, type Person } from '../people.ts';
import type { Sale } from '../sale.ts';

const email = (p: Person) => `${p.name.split(' ')[0]!.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')}.${p.name.split(' ').at(-1)!.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')}@exemplo.com.br`;

export function assinaturaEletronica(sale: Sale, rng: Rng, file: string): DocSpec {
  const doc = new DocBuilder({ size: 9, leading: 13 });
  const hex = () => rng.int(0x10000000, 0x7fffffff).toString(16).toUpperCase();
  doc.line('Certificado de Conclusão', { font: 'bold', size: 14 });
  doc.line(`Identificação de envelope: ${hex()}-${hex().slice(0, 4)}-${hex().slice(0, 4)}-${hex()}`);
  doc.line('Status: Concluído');
  doc.line(`Assunto: Por favor, assine: CCV ${sale.property.unit} - ${sale.property.building ?? 'casa'}.pdf`);
  doc.line(`Envelope fonte: Páginas do documento: ${rng.int(4, 9)}   Assinaturas: ${sale.sellers.length + sale.buyers.length}   Rubrica: 0`);
  doc.line(`Remetente do envelope: Imobiliária ${rng.pick(['Lar Paulista', 'Casa Certa', 'Chave Nova'])} - IP: 203.0.113.${rng.int(2, 250)}`);
  doc.line('Fuso horário: (UTC-03:00) Brasília');
  doc.space(8);
  doc.line('Eventos de signatários                         Assinatura                      Registro de hora e data', { font: 'bold' });
  for (const p of [...sale.sellers, ...sale.buyers]) {
    doc.space(4);
    doc.line(`${p.name}`);
    doc.line(`${email(p)}`);
    doc.line(`Nível de segurança: E-mail, autenticação da conta (nenhuma)      Adotada: estilo pré-selecionado`);
    doc.line(`Usando endereço IP: 198.51.100.${rng.int(2, 250)}      Enviado: ${br(sale.dates.ccv)} ${rng.int(8, 11)}:${rng.int(10, 59)}:${rng.int(10, 59)}      Assinado: ${br(sale.dates.ccv)} ${rng.int(12, 18)}:${rng.int(10, 59)}:${rng.int(10, 59)}`);
    doc.line('Termos de Assinatura e Registro Eletrônico: Aceito');
  }
  doc.space(8);
  doc.line('Eventos de resumo do envelope                 Status                          Carimbo de data/hora', { font: 'bold' });
  doc.line(`Envelope enviado                              Com hash/criptografado          ${br(sale.dates.ccv)}`);
  doc.line(`Concluído                                     Segurança verificada            ${br(sale.dates.ccv)}`);
  return { id: `assinatura-${sale.index}`, file, type: 'assinatura_eletronica', medium: { kind: 'text-pdf', producer: 'Plataforma de Assinaturas' }, doc, liens: [], traps: [] };
}
