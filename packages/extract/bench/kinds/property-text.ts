/**
 * How deeds, drafts and contracts describe the property: one sentence holding its address, areas,
 * matrícula, registry and inscription, with the marks that record where each value is printed.
 */
import type { Mark } from '../layout.ts';
import { area, digits, thousands, truthAddress } from '../people.ts';
import type { Property, Sale } from '../sale.ts';

export function propertyClause(sale: Sale, prop: Property, options: { cep?: boolean; inscription?: boolean } = {}): { text: string; marks: Mark[] } {
  const a = prop.address;
  const c = sale.city;
  const what = prop.kind === 'casa' ? 'o prédio residencial e seu respectivo terreno' : `o ${prop.unit} do ${prop.building}`;
  const areas =
    prop.kind === 'casa'
      ? `com a área construída de ${area(prop.areas.construida)} m² e terreno de ${area(prop.areas.terreno)} m²`
      : `com a área privativa de ${area(prop.areas.privativa)} m² e a área total de ${area(prop.areas.total)} m²`;
  const cep = options.cep !== false ? `, CEP ${a.cep}` : '';
  const insc = options.inscription !== false ? `, cadastrado na Prefeitura sob o contribuinte nº ${prop.inscription}` : '';
  const text = `${what}, situado na ${a.street}, nº ${a.number}, ${a.district}, ${c.name}/${c.uf}${cep}, ${areas}, objeto da matrícula nº ${thousands(prop.matricula)} do ${sale.registry.name}${insc}`;
  const marks: Mark[] = [
    { key: 'endereco', value: truthAddress(a), needle: `${a.street}, nº ${a.number}` },
    { key: 'cidade', value: c.name, needle: `${c.name}/${c.uf}` },
    { key: 'uf', value: c.uf, needle: `${c.name}/${c.uf}` },
    { key: 'matricula_numero', value: String(prop.matricula), needle: `matrícula nº ${thousands(prop.matricula)}` },
    { key: 'cartorio', value: sale.registry.name, needle: sale.registry.name },
  ];
  if (cep) marks.push({ key: 'cep', value: digits(a.cep), needle: `CEP ${a.cep}` });
  if (insc) marks.push({ key: 'inscricao_imobiliaria', value: digits(prop.inscription), needle: prop.inscription });
  if (prop.kind === 'casa') {
    // A house has no private/total split: its built area is what the deed prints.
    marks.push({ key: 'area_privativa_m2', value: prop.areas.construida, needle: `construída de ${area(prop.areas.construida)}` });
  } else {
    marks.push(
      { key: 'area_privativa_m2', value: prop.areas.privativa, needle: `privativa de ${area(prop.areas.privativa)}` },
      { key: 'area_total_m2', value: prop.areas.total, needle: `total de ${area(prop.areas.total)}` },
    );
  }
  return { text, marks };
}
