import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, passwordWeakness } from './password-rule.ts';

describe('passwordWeakness', () => {
  it('turns down leaked passwords whatever their case, and words, names, dates and keyboard runs', () => {
    for (const p of ['Password1', 'password1', 'PASSWORD1', 'Senha123!', 'Qwerty123', 'P@55w0rd!']) expect(passwordWeakness(p)?.reason, p).toBe('LEAKED_PASSWORD');
    for (const p of ['Maria1980!', 'Mudar@123', 'Brasil2024', 'Flamengo10', 'Aa1!Aa1!', 'Admin@123']) expect(passwordWeakness(p)?.reason, p).toBe('WEAK_PASSWORD');
  });

  it('turns down passwords built on the user or the product', () => {
    expect(passwordWeakness('Souza2026!', ['Ana Souza', 'ana.souza@example.com'])?.reason).toBe('PERSONAL_PASSWORD');
    expect(passwordWeakness('Anasouza#1', ['Ana Souza', 'anasouza@example.com'])?.reason).toBe('PERSONAL_PASSWORD');
    expect(passwordWeakness('Viabiliza2026')?.reason).toBe('PERSONAL_PASSWORD');
    // Containing them is enough, however long the rest: the product's name and a year, l33t included.
    expect(passwordWeakness('Viabiliza@2025!')?.reason).toBe('PERSONAL_PASSWORD');
    expect(passwordWeakness('V14b1l1z4#Forte99')?.reason).toBe('PERSONAL_PASSWORD');
    expect(passwordWeakness('Horizonte#Azul77', ['Ana Souza', 'ana@example.com', 'Construtora Horizonte'])?.reason).toBe('PERSONAL_PASSWORD');
    // The same password, for someone else, is fine.
    expect(passwordWeakness('Souza2026!#Tx', ['Bruno Lima'])).toBeNull();
  });

  it(`accepts passwords scored ${MIN_PASSWORD_SCORE} or 4`, () => {
    for (const p of ['Pitanga#Azul7', 'Jabuticaba!Roxa9', 'Nova-Senha-2026', 'tulipa Azul 7', 'xK9#mPq2vL']) expect(passwordWeakness(p, ['Ana Souza']), p).toBeNull();
  });

  it('answers for the longest password the form accepts', () => {
    const long = 'Ontem a jabuticabeira do quintal da Zuleica floriu 7 vezes, disse o Juvenal ao vizinho; ninguem acreditou e foram ver a arvore!';
    expect(long.length).toBeLessThanOrEqual(128);
    expect(passwordWeakness(long)).toBeNull();
    expect(passwordWeakness('aaaaaaaa'.repeat(16))?.reason).toBe('WEAK_PASSWORD');
    // Only the first 40 characters are weighed: a leaked password padded with repeats stays refused.
    expect(passwordWeakness('Password1' + '1'.repeat(119))?.reason).toBe('WEAK_PASSWORD');
    expect(passwordWeakness('4@3!1|0$'.repeat(16))).toBeNull();
  });
});
