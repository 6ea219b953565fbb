/**
 * ITBI guide (São Paulo: DAMSP ITBI-IV; elsewhere the city's 'guia de ITBI'): a form whose labels
 * and values sit in separate boxes and are drawn labels first, so reading order never pairs them.
 * The contributor (the buyer) and their domicile are printed too: not the property.
 */
import { DocBuilder } from '../layout.ts';
import { TRAPS, type DocSpec, type Medium } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { br, digits, iso, money, truthAddress } from '../people.ts';
import type { Sale } from '../sale.ts';
import { cityAddress, cityHeader, grid } from './forms.ts';

export function itbiGuia(sale: Sale, rng: Rng, variant: { medium: Medium; file: string; order: 'labels-first' | 'values-first' }): DocSpec {
  const doc = new DocBuilder();
  const sp = sale.city.name === 'São Paulo';
  const p = sale.property;
  const buyer = sale.buyers[0]!;
  const it = sale.itbi;
  cityHeader(doc, sale.city, sp ? ['DAMSP - DOCUMENTO DE ARRECADAÇÃO DO MUNICÍPIO DE SÃO PAULO', 'ITBI-IV - IMPOSTO SOBRE TRANSMISSÃO DE BENS IMÓVEIS INTER VIVOS'] : ['GUIA DE RECOLHIMENTO DO ITBI']);
  const top = doc.cursor + 6;
  const end = grid(
    doc,
    [
      [
        { label: sp ? 'NÚMERO DO CADASTRO DO IMÓVEL (SQL)' : 'INSCRIÇÃO IMOBILIÁRIA', value: p.inscription, span: 2, mark: { key: 'inscricao_imobiliaria', value: digits(p.inscription) } },
        { label: 'Nº DA GUIA', value: it.guide, span: 1 },
        { label: 'DATA DE VENCIMENTO', value: br(it.due), span: 1, mark: { key: 'data_vencimento', value: iso(it.due) } },
      ],
      [{ label: 'ENDEREÇO DO IMÓVEL', value: cityAddress(p.address), span: 3, mark: { key: 'endereco', value: truthAddress(p.address) } }, { label: 'MUNICÍPIO/UF', value: `${sale.city.name.toUpperCase()}/${sale.city.uf}`, span: 1, mark: { key: 'cidade', value: sale.city.name } }],
      [{ label: 'NOME DO CONTRIBUINTE (ADQUIRENTE)', value: buyer.name.toUpperCase(), span: 3 }, { label: 'CPF/CNPJ', value: buyer.cpf, span: 1 }],
      [{ label: 'ENDEREÇO DO CONTRIBUINTE', value: `${cityAddress(buyer.address)} - ${buyer.address.city.name.toUpperCase()}/${buyer.address.city.uf}`, span: 1 }],
      [
        { label: 'NATUREZA DA TRANSAÇÃO', value: 'COMPRA E VENDA', span: 2 },
        { label: 'VALOR DA TRANSAÇÃO (R$)', value: money(sale.price), span: 1, mark: { key: 'valor_transacao', value: sale.price } },
        { label: 'VALOR VENAL DE REFERÊNCIA (R$)', value: money(sale.vvr), span: 1, mark: { key: 'valor_venal_referencia', value: sale.vvr } },
      ],
      [
        { label: 'BASE DE CÁLCULO (R$)', value: money(it.base), span: 1, mark: { key: 'base_calculo_itbi', value: it.base } },
        { label: 'ALÍQUOTA (%)', value: money(it.rate), span: 1, mark: { key: 'aliquota', value: it.rate } },
        { label: 'VALOR DO IMPOSTO (R$)', value: money(it.tax), span: 1, mark: { key: 'valor_imposto', value: it.tax } },
        { label: 'MULTA/JUROS (R$)', value: '0,00', span: 1 },
      ],
      [{ label: 'TOTAL A RECOLHER (R$)', value: money(it.tax), span: 1 }, { label: 'AUTENTICAÇÃO MECÂNICA', value: '', span: 3 }],
    ],
    top,
    variant.order,
  );
  doc.field('uf', sale.city.uf);
  doc.at(40, end + 24, `${rng.int(81600, 81699)}0000${rng.int(10, 99)}-${rng.int(0, 9)} ${rng.int(10000000000, 99999999999)}-${rng.int(0, 9)} ${rng.int(10000000000, 99999999999)}-${rng.int(0, 9)} ${rng.int(10000000000, 99999999999)}-${rng.int(0, 9)}`, { font: 'mono', size: 10 });
  doc.at(40, end + 40, 'Pagável em qualquer agência bancária ou canais eletrônicos até a data de vencimento.', { size: 7.5 });
  return { id: `itbi-guia-${sale.index}`, file: variant.file, type: 'itbi_guia', medium: variant.medium, doc, liens: [], traps: [TRAPS.formLayout, TRAPS.partyAddresses] };
}
