import { describe, expect, it } from 'vitest';
import { passwordStrength, signInInput, signUpInput } from './auth.ts';
import { BIDI_CONTROL_MESSAGE } from './text-rules.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('password strength (spec 01 §4)', () => {
  it.each([
    ['', 'empty', 0],
    ['abc', 'weak', 20], // 1 of 5
    ['abcD', 'medium', 40], // 2 of 5
    ['abcD1', 'medium', 60], // 3 of 5
  ])('%j scores the share of rules met', (password, _level, score) => {
    expect(passwordStrength(password).score).toBe(score);
  });

  it('bands: under 40 weak, under 70 medium, under 100 strong, 100 very strong', () => {
    expect(passwordStrength('abc').level).toBe('weak'); // 20
    expect(passwordStrength('abcD').level).toBe('medium'); // 40
    expect(passwordStrength('abcD1').level).toBe('medium'); // 60
    expect(passwordStrength('abcdefD1').level).toBe('strong'); // 80
    expect(passwordStrength('abcdefD1!').level).toBe('very-strong'); // 100
  });
});

describe('sign-in schema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(signInInput.parse({ email: '  Ana@Example.COM ', password: '12345678' }).email).toBe('ana@example.com');
  });
  it('gives the spec messages for password bounds', () => {
    expect(messages(signInInput.safeParse({ email: 'a@b.co', password: '1234567' }))).toEqual(['Senha deve ter pelo menos 8 caracteres']);
    expect(messages(signInInput.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }))).toEqual(['Senha muito longa']);
  });
});

describe('sign-up schema', () => {
  it('requires lower, upper and digit with the spec message', () => {
    expect(messages(signUpInput.safeParse({ fullName: 'Ana', email: 'a@b.co', password: 'abcdefgh' }))).toEqual([
      'Senha deve conter ao menos: 1 minúscula, 1 maiúscula e 1 número',
    ]);
  });
  it('bounds the name and the company', () => {
    expect(messages(signUpInput.safeParse({ fullName: 'A', email: 'a@b.co', password: 'Abcdefg1' }))).toEqual(['Nome deve ter pelo menos 2 caracteres']);
    expect(messages(signUpInput.safeParse({ fullName: 'A'.repeat(101), email: 'a@b.co', password: 'Abcdefg1' }))).toEqual(['Nome muito longo']);
    expect(messages(signUpInput.safeParse({ fullName: 'Ana', email: 'a@b.co', password: 'Abcdefg1', company: 'x'.repeat(101) }))).toEqual(['Nome da empresa muito longo']);
  });
  it('turns an empty company into undefined', () => {
    expect(signUpInput.parse({ fullName: 'Ana', email: 'a@b.co', password: 'Abcdefg1', company: '' }).company).toBeUndefined();
  });

  it('refuses a name or a company with direction controls, which would display another text', () => {
    expect(messages(signUpInput.safeParse({ fullName: 'Ana \u202Eanilo', email: 'a@b.co', password: 'Abcdefg1' }))).toEqual([BIDI_CONTROL_MESSAGE]);
    expect(messages(signUpInput.safeParse({ fullName: 'Ana', email: 'a@b.co', password: 'Abcdefg1', company: 'Loja \u2067x' }))).toEqual([BIDI_CONTROL_MESSAGE]);
  });
});
