import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf, maskCpfsIn } from './cpf.ts';

describe('CPF and CNPJ', () => {
  it('checks CPF digits', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });

  it('checks CNPJ digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12345678000195')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('masks for display', () => {
    expect(maskCpf('123.456.789-09')).toBe('***.456.789-**');
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
    expect(maskCnpj('11.222.333/0001-81')).toBe('**.222.333/0001-**');
    expect(maskCpfsIn('JOÃO 123.456.789-09 e 123.456.789-00')).toBe('JOÃO ***.456.789-** e 123.456.789-00');
  });
});
