/**
 * São Paulo's 'certidão de valor venal de referência': the inscription, the address and the city's
 * reference value for ITBI, in boxes with the label above the value.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, digits, iso, money, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader, grid } from './forms.ts';

export function vvr(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; order: 'labels-first' | 'rows' }): DocSpec {
  const doc = new DocBuilder();
  const p = sale.property;
  const issued = sale.dates.certidoes;
  cityHeader(doc, sale.city, ['CERTIDÃO DE VALOR VENAL DE REFERÊNCIA', `Certidão nº ${rng.int(100000, 999999)}/${issued.y}`]);
  const end = grid(
    doc,
    [
      [{ label: 'CADASTRO DO IMÓVEL', value: p.inscription, span: 1, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } }, { label: 'DATA DE EMISSÃO', value: br(issued), span: 1, mark: { key: 'data_emissao', value: iso(issued) } }],
      [{ label: 'LOCAL DO IMÓVEL', value: cityAddress(p.address), span: 3, mark: { key: 'endereco', value: truthAddress(p.address) } }, { label: 'MUNICÍPIO', value: `${sale.city.name.toUpperCase()}-${sale.city.uf}`, span: 1, mark: { key: 'cidade', value: sale.city.name } }],
      [{ label: 'VALOR VENAL DE REFERÊNCIA (R$)', value: money(sale.vvr), span: 1, mark: { key: 'valor_venal_referencia', value: sale.vvr } }],
    ],
    doc.cursor + 6,
    variant.order,
    36,
  );
  doc.field('uf', sale.city.uf);
  doc.at(40, end + 30, 'Certificamos que, para fins de lançamento do Imposto sobre Transmissão de Bens Imóveis (ITBI), o valor', { size: 9 });
  doc.at(40, end + 42, 'venal de referência do imóvel acima identificado é o indicado neste documento, nos termos da Lei 11.154/1991.', { size: 9 });
  doc.at(40, end + 60, `A autenticidade desta certidão pode ser confirmada no portal com o código ${rng.int(1000, 9999)}.${rng.int(1000, 9999)}.${rng.int(1000, 9999)}.`, { size: 8 });
  return { id: `vvr-${sale.index}`, file: variant.file, type: 'vvr', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout] };
}
