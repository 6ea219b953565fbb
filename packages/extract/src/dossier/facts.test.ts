import { describe, expect, it } from 'vitest';
import { addressKey, factKeyOf, sameValue } from './facts.ts';

describe('dossier facts', () => {
  it('maps each document’s key field to the fact it states', () => {
    expect(factKeyOf('itbi_guia', 'valor_imposto')).toBe('valor_itbi');
    expect(factKeyOf('iptu_carne', 'valor_imposto')).toBe('iptu_anual');
    expect(factKeyOf('itbi_comprovante', 'valor_pago')).toBe('valor_itbi_pago');
    expect(factKeyOf('itbi_comprovante', 'data_pagamento')).toBe('data_pagamento_itbi');
    expect(factKeyOf('itbi_declaracao', 'aliquota')).toBe('aliquota_itbi');
    // A receipt of notary fees is not the ITBI paid.
    expect(factKeyOf('recibo', 'valor_pago')).toBeNull();
    expect(factKeyOf('matricula', 'area_privativa_m2')).toBe('area_privativa_m2');
  });

  it('tells one address in two spellings from two addresses', () => {
    const same = (a: string, b: string) => sameValue(addressKey(a), addressKey(b), 'endereco');
    expect(same('Avenida Engenheiro Jorge Oliva, nº 1067', 'AV ENG. JORGE OLIVA, 1067')).toBe(true);
    expect(same('Rua das Flores, nº 100, apto 52', 'R. DAS FLORES, 100')).toBe(true);
    expect(same('Rua das Flores, nº 100', 'Rua das Flores, nº 110')).toBe(false);
    expect(same('Rua das Flores, nº 100', 'Avenida Paulista, nº 100')).toBe(false);
  });
});
