/**
 * Certidão (conjunta) de débitos de tributos imobiliários: the inscription and address in boxes,
 * issue and validity dates, and the result: 'negativa', or 'positiva com efeitos de negativa'
 * when a debt is being paid in instalments.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, br, digits, iso, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader, grid } from './forms.ts';

export function cndImobiliaria(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; positive: boolean }): DocSpec {
  const doc = new DocBuilder();
  const p = sale.property;
  const issued = sale.dates.certidoes;
  const valid = addDays(issued, 90);
  const title = variant.positive ? 'CERTIDÃO POSITIVA COM EFEITOS DE NEGATIVA DE DÉBITOS DE TRIBUTOS IMOBILIÁRIOS' : 'CERTIDÃO NEGATIVA DE DÉBITOS DE TRIBUTOS IMOBILIÁRIOS';
  cityHeader(doc, sale.city, [title]);
  doc.field('resultado_certidao', variant.positive ? 'positiva com efeitos de negativa' : 'negativa');
  const end = grid(
    doc,
    [
      [{ label: 'Certidão número', value: `${rng.int(100000, 999999)}/${issued.y}-${rng.int(10, 99)}`, span: 1 }, { label: 'Cadastro do imóvel', value: p.inscription, span: 1, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } }],
      [{ label: 'Local do imóvel', value: cityAddress(p.address), span: 3, mark: { key: 'endereco', value: truthAddress(p.address) } }, { label: 'Município', value: `${sale.city.name.toUpperCase()}/${sale.city.uf}`, span: 1, mark: { key: 'cidade', value: sale.city.name } }],
      [{ label: 'Data de emissão', value: br(issued), span: 1, mark: { key: 'data_emissao', value: iso(issued) } }, { label: 'Validade', value: br(valid), span: 1, mark: { key: 'validade', value: iso(valid) } }],
    ],
    doc.cursor + 6,
    'labels-first',
    34,
  );
  doc.field('uf', sale.city.uf);
  const text = variant.positive
    ? 'Certifica-se que constam débitos de IPTU com exigibilidade suspensa em razão de parcelamento em dia, o que confere a esta certidão os mesmos efeitos da certidão negativa (art. 206 do CTN).'
    : 'Ressalvado o direito de a Fazenda Municipal cobrar débitos que venham a ser apurados, certifica-se que, até a presente data, NÃO CONSTAM débitos de tributos imobiliários para o imóvel acima identificado.';
  doc.space(end - doc.cursor + 20);
  doc.para(text);
  doc.para('A aceitação desta certidão está condicionada à verificação de sua autenticidade no portal da Prefeitura.');
  return { id: `cnd-imobiliaria-${sale.index}`, file: variant.file, type: 'cnd_imobiliaria', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout] };
}
