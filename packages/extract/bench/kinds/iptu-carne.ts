/**
 * The IPTU carnê / notificação de lançamento: the owner's mailing address (not the property's) at
 * the top, then the property, its areas, valor venal and the year's tax with the instalments.
 */
import { DocBuilder, drawColumns } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, digits, money, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader } from './forms.ts';

export function iptuCarne(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const photo = variant.medium.kind === 'photo';
  const doc = new DocBuilder(photo ? { size: 12, leading: 18 } : {});
  const p = sale.property;
  const owner = sale.sellers[0]!;
  cityHeader(doc, sale.city, [`NOTIFICAÇÃO DE LANÇAMENTO - IPTU ${sale.dates.today.y}`]);
  const step = photo ? 20 : 16;
  doc.line(`DESTINATÁRIO: ${owner.name.toUpperCase()}`, { size: photo ? 12 : 9 });
  doc.line(`${cityAddress(owner.address)} - ${owner.address.district.toUpperCase()} - ${owner.address.city.name.toUpperCase()}/${owner.address.city.uf} - CEP ${owner.address.cep}`, { size: photo ? 11 : 8.5 });
  let y = drawColumns(
    doc,
    [
      { label: 'Número do contribuinte', value: p.inscription, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } },
      { label: 'Local do imóvel', value: cityAddress(p.address), mark: { key: 'endereco', value: truthAddress(p.address) } },
      { label: 'CEP do imóvel', value: p.address.cep, mark: { key: 'cep', value: digits(p.address.cep) } },
      { label: 'Município', value: `${sale.city.name} - ${sale.city.uf}`, mark: { key: 'cidade', value: sale.city.name } },
      { label: 'Área do terreno', value: `${area(p.areas.terreno)} m²`, mark: { key: 'area_terreno_m2', value: p.areas.terreno } },
      { label: 'Área construída', value: `${area(p.areas.construida)} m²`, mark: { key: 'area_construida_m2', value: p.areas.construida } },
      { label: 'Valor venal do imóvel', value: `R$ ${money(sale.valorVenal.total)}`, mark: { key: 'valor_venal', value: sale.valorVenal.total } },
      { label: 'Valor do imposto (IPTU)', value: `R$ ${money(sale.iptuTax)}`, mark: { key: 'valor_imposto', value: sale.iptuTax } },
    ],
    doc.cursor + 16,
    60,
    photo ? 260 : 250,
    step,
    'rows',
  );
  doc.field('uf', sale.city.uf);
  doc.at(60, y + 16, 'PARCELAS', { font: 'bold', size: 9 });
  const parcel = Math.round((sale.iptuTax / 10) * 100) / 100;
  for (let i = 0; i < (photo ? 4 : 10); i++) {
    y += 14;
    doc.at(60, y + 16, `${String(i + 1).padStart(2, '0')}ª parcela   vencimento ${String(rng.int(5, 9)).padStart(2, '0')}/${String(i + 2).padStart(2, '0')}/${sale.dates.today.y}   R$ ${money(parcel)}`, { font: 'mono', size: 8.5 });
  }
  return { id: `iptu-carne-${sale.index}`, file: variant.file, type: 'iptu_carne', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout, TRAPS.partyAddresses] };
}
