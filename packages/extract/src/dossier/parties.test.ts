import { describe, expect, it } from 'vitest';
import type { DossierDocument } from '@viabiliza/contracts/dossier';
import { prepare } from './common.ts';
import { readParties } from './parties.ts';

const contract = (documentType: string, text: string): DossierDocument => ({ id: documentType, fileName: `${documentType}.pdf`, documentType, keyFields: [], pages: [{ number: 1, text }] });

describe('sale parties', () => {
  it('reads a private contract’s VENDEDOR(ES) and COMPRADOR(ES), names that wrap, CPFs masked', () => {
    const { sellers, buyers, doc } = readParties(
      prepare([
        contract(
          'compromisso',
          `INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA
VENDEDOR(ES): JOSÉ CARLOS PEREIRA, brasileiro, casado sob o regime da comunhão universal de bens com MARIA
HELENA PEREIRA, inscrito no CPF sob nº 529.982.247-25, residente na Rua Bahia, nº 5, CEP
01244-000; e MARIA HELENA PEREIRA, brasileira, inscrita no CPF sob nº 111.444.777-35.
COMPRADOR(ES): RICARDO SOUZA
ALVES, brasileiro, solteiro, inscrito no CPF sob nº 153.509.460-56.
CLÁUSULA PRIMEIRA - DO OBJETO: o apartamento 52.`,
        ),
      ]),
    );
    expect(doc?.source.documentType).toBe('compromisso');
    expect(sellers.map((s) => [s.name, s.taxId, s.spouse, s.marriageRegime])).toEqual([
      ['JOSÉ CARLOS PEREIRA', '***.982.247-**', 'MARIA HELENA PEREIRA', 'comunhão universal de bens'],
      ['MARIA HELENA PEREIRA', '***.444.777-**', null, null],
    ]);
    expect(buyers.map((b) => b.name)).toEqual(['RICARDO SOUZA ALVES']);
    expect(sellers[0]!.citation.quote.startsWith('JOSÉ CARLOS PEREIRA')).toBe(true);
  });

  it('reads a scanned deed whose qualification a blank line breaks', () => {
    const { sellers, buyers } = readParties(
      prepare([
        contract(
          'escritura',
          'como OUTORGANTES VENDEDORES: LETÍCIA PEREIRA OLIVEIRA, brasileira, solteira,\n\nanalista de sistemas, CEP\n02011-918; e ANDRÉ VIEIRA SOUZA, brasileiro, CEP 03224-219; e HELENA GONÇALVES LOPES, :\nbrasileira, casada;\n\ne como-OUTORGADO(S) COMPRADOR(ES): JOSÉ CARVALHO BEZERRA, brasileiro, CEP 02331-940.\n\n1. DO IMÓVEL: o apartamento.',
        ),
      ]),
    );
    expect(sellers.map((s) => s.name)).toEqual(['LETÍCIA PEREIRA OLIVEIRA', 'ANDRÉ VIEIRA SOUZA', 'HELENA GONÇALVES LOPES']);
    expect(buyers.map((b) => b.name)).toEqual(['JOSÉ CARVALHO BEZERRA']);
  });

  it('prefers the deed to the contract and the draft', () => {
    const { sellers } = readParties(
      prepare([
        contract('minuta', 'como OUTORGANTES VENDEDORES: ANA PAULA LIMA, brasileira;\ne como OUTORGADOS COMPRADORES: RAFAEL COSTA, brasileiro.'),
        contract('escritura', 'como OUTORGANTES VENDEDORES: BEATRIZ ROCHA MACHADO, brasileira;\ne como OUTORGADOS COMPRADORES: RAFAEL COSTA, brasileiro.'),
      ]),
    );
    expect(sellers.map((s) => s.name)).toEqual(['BEATRIZ ROCHA MACHADO']);
  });
});
