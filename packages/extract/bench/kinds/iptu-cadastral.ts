/**
 * 'Certidão de dados cadastrais do imóvel' (IPTU): inscription, address, CEP, land and built areas,
 * ideal fraction, use, standard and the valor venal (land, building, total) in boxes. Downloaded
 * from the city portal, it usually carries the portal's HTML page after %%EOF.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { area, br, digits, iso, money, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader, grid } from './forms.ts';

export function iptuCadastral(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; order: 'labels-first' | 'rows' }): DocSpec {
  const doc = new DocBuilder();
  const p = sale.property;
  const issued = sale.dates.certidoes;
  const vv = sale.valorVenal;
  cityHeader(doc, sale.city, [`CERTIDÃO DE DADOS CADASTRAIS DO IMÓVEL - IPTU ${issued.y}`]);
  const end = grid(
    doc,
    [
      [{ label: 'Cadastro do Imóvel', value: p.inscription, span: 1, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } }, { label: 'Data de emissão', value: br(issued), span: 1, mark: { key: 'data_emissao', value: iso(issued) } }],
      [{ label: 'Local do Imóvel', value: cityAddress(p.address), span: 3, mark: { key: 'endereco', value: truthAddress(p.address) } }, { label: 'CEP', value: p.address.cep, span: 1, mark: { key: 'cep', value: digits(p.address.cep) } }],
      [{ label: 'Bairro', value: p.address.district.toUpperCase(), span: 2 }, { label: 'Município', value: `${sale.city.name.toUpperCase()}/${sale.city.uf}`, span: 2, mark: { key: 'cidade', value: sale.city.name } }],
      [
        { label: 'Área do terreno (m²)', value: area(p.areas.terreno), span: 1, mark: { key: 'area_terreno_m2', value: p.areas.terreno } },
        { label: 'Área construída (m²)', value: area(p.areas.construida), span: 1, mark: { key: 'area_construida_m2', value: p.areas.construida } },
        { label: 'Fração ideal', value: String(p.fracao).replace('.', ','), span: 1, mark: { key: 'fracao_ideal', value: p.fracao } },
        { label: 'Ano da construção', value: String(sale.dates.developerOpening.y), span: 1 },
      ],
      [{ label: 'Uso', value: p.kind === 'casa' ? 'RESIDÊNCIA' : 'APARTAMENTO EM CONDOMÍNIO', span: 2 }, { label: 'Padrão', value: rng.pick(['2-B', '2-C', '3-B']), span: 2 }],
      [
        { label: 'Valor venal do terreno (R$)', value: money(vv.terreno), span: 1 },
        { label: 'Valor venal da construção (R$)', value: money(vv.construcao), span: 1 },
        { label: 'Valor venal total (R$)', value: money(vv.total), span: 1, mark: { key: 'valor_venal', value: vv.total } },
      ],
    ],
    doc.cursor + 6,
    variant.order,
  );
  doc.field('uf', sale.city.uf);
  doc.at(40, end + 28, 'Certidão expedida via internet. A autenticidade pode ser confirmada no portal da Prefeitura.', { size: 8 });
  return { id: `iptu-cadastral-${sale.index}`, file: variant.file, type: 'iptu_cadastral', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout] };
}
