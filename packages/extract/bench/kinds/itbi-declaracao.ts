/**
 * The ITBI declaration ('informações da transação'): two columns, every label drawn before every
 * value, and the buyer's own address in a second block.
 */
import { DocBuilder, drawColumns } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, digits, money, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader } from './forms.ts';

export function itbiDeclaracao(sale: Sale, rng: Rng, variant: { medium: Medium; file: string }): DocSpec {
  const doc = new DocBuilder();
  const p = sale.property;
  const it = sale.itbi;
  cityHeader(doc, sale.city, ['DECLARAÇÃO DE TRANSAÇÃO IMOBILIÁRIA - ITBI', `Protocolo nº ${rng.int(1000000, 9999999)}/${sale.dates.today.y}`]);
  doc.line('DADOS DO IMÓVEL', { font: 'bold' });
  let y = drawColumns(
    doc,
    [
      { label: 'Cadastro do imóvel', value: p.inscription, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } },
      { label: 'Logradouro', value: cityAddress(p.address), mark: { key: 'endereco', value: truthAddress(p.address) } },
      { label: 'Bairro', value: p.address.district.toUpperCase() },
      { label: 'CEP', value: p.address.cep, mark: { key: 'cep', value: digits(p.address.cep) } },
      { label: 'Município', value: `${sale.city.name.toUpperCase()} - ${sale.city.uf}`, mark: { key: 'cidade', value: sale.city.name } },
      { label: 'Área do terreno (m²)', value: area(p.areas.terreno), mark: { key: 'area_terreno_m2', value: p.areas.terreno } },
      { label: 'Área construída (m²)', value: area(p.areas.construida), mark: { key: 'area_construida_m2', value: p.areas.construida } },
    ],
    doc.cursor + 12,
  );
  doc.field('uf', sale.city.uf);
  doc.at(56, y + 20, 'DADOS DA TRANSAÇÃO', { font: 'bold' });
  y = drawColumns(
    doc,
    [
      { label: 'Natureza', value: 'Compra e venda' },
      { label: 'Valor da transação declarado', value: `R$ ${money(sale.price)}`, mark: { key: 'valor_transacao', value: sale.price } },
      { label: 'Valor venal de referência', value: `R$ ${money(sale.vvr)}`, mark: { key: 'valor_venal_referencia', value: sale.vvr } },
      { label: 'Base de cálculo', value: `R$ ${money(it.base)}`, mark: { key: 'base_calculo_itbi', value: it.base } },
      { label: 'Alíquota', value: `${money(it.rate)}%`, mark: { key: 'aliquota', value: it.rate } },
      { label: 'Valor financiado pelo SFH', value: 'R$ 0,00' },
      { label: 'Imposto devido', value: `R$ ${money(it.tax)}`, mark: { key: 'valor_imposto', value: it.tax } },
    ],
    y + 36,
  );
  doc.at(56, y + 20, 'DADOS DO ADQUIRENTE', { font: 'bold' });
  const b = sale.buyers[0]!;
  drawColumns(
    doc,
    [
      { label: 'Nome', value: b.name },
      { label: 'CPF', value: b.cpf },
      { label: 'Endereço para correspondência', value: `${cityAddress(b.address)}, ${b.address.city.name.toUpperCase()}/${b.address.city.uf}` },
      { label: 'CEP', value: b.address.cep },
    ],
    y + 36,
  );
  return { id: `itbi-declaracao-${sale.index}`, file: variant.file, type: 'itbi_declaracao', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout, TRAPS.partyAddresses] };
}
