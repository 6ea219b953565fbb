/**
 * The condominium's declaration that the unit owes nothing, signed by the manager: the management
 * company's seat is in its letterhead (not the property); the unit's address is in the text.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { company, iso, longDate, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { officeLine } from './common.ts';

export function declaracaoCondominio(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const photo = variant.medium.kind === 'photo';
  const doc = new DocBuilder(photo ? { size: 13, leading: 20 } : { size: 11, leading: 17 });
  const admin = company(rng.fork('admin'), 'administradora');
  const p = sale.property;
  const a = p.address;
  doc.line(admin.name.toUpperCase(), { font: 'bold', center: true });
  doc.line(`CNPJ ${admin.cnpj}`, { center: true, size: 8 });
  doc.line(officeLine(admin.seat), { center: true, size: 8 });
  doc.space(20);
  doc.line('DECLARAÇÃO DE QUITAÇÃO DE DÉBITOS CONDOMINIAIS', { center: true, font: 'bold' });
  doc.space(12);
  const month = sale.dates.today.m === 1 ? 12 : sale.dates.today.m - 1;
  doc.para(
    `Declaramos, para os devidos fins, que o ${p.unit} do CONDOMÍNIO ${(p.building ?? 'RESIDENCIAL').toUpperCase()}, situado na ${a.street}, nº ${a.number}, ${a.district}, ${sale.city.name}/${sale.city.uf}, de propriedade de ${sale.sellers.map((s) => s.name.toUpperCase()).join(' e ')}, encontra-se QUITE com as contribuições condominiais ordinárias e extraordinárias vencidas até o mês ${String(month).padStart(2, '0')}/${sale.dates.today.y}, nada havendo a reclamar.`,
    [
      { key: 'endereco', value: truthAddress(a), needle: `${a.street}, nº ${a.number}` },
      { key: 'cidade', value: sale.city.name, needle: `${sale.city.name}/${sale.city.uf}` },
      { key: 'uf', value: sale.city.uf, needle: `${sale.city.name}/${sale.city.uf}` },
    ],
  );
  doc.space(10);
  doc.para(`${sale.city.name}, ${longDate(sale.dates.certidoes)}.`, [{ key: 'data_emissao', value: iso(sale.dates.certidoes), needle: longDate(sale.dates.certidoes) }]);
  doc.space(30);
  doc.line('______________________________________');
  doc.line(`Síndico(a): ${sale.buyers[0]!.name === sale.sellers[0]!.name ? 'Administração' : 'Conselho do condomínio'}`);
  return { id: `condominio-${sale.index}`, file: variant.file, type: 'declaracao_condominio', medium: variant.medium, doc, liens: [], traps: [TRAPS.companySeatAddress] };
}
