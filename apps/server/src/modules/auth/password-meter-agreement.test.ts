import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_LABELS } from '@viabiliza/contracts/auth';
import { newPasswordVerdict } from '@viabiliza/contracts/password-rule';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helper.ts';

/**
 * The browser's password meter (apps/web/src/features/auth/components/password-strength-meter.tsx)
 * shows PASSWORD_STRENGTH_LABELS[newPasswordVerdict(...).level]. Here the same 20 passwords go
 * through the sign-up route: the server takes exactly those the meter calls 'Forte' or 'Muito forte'.
 */
const PERSON = { fullName: 'Ana Souza', company: 'Construtora Horizonte' };

const PASSWORDS = {
  weak: ['abc', 'senha', '12345678', 'abcdefgh', 'ABCDEFGH1'],
  common: ['Password1', 'Senha123!', 'Qwerty123', 'Mudar@123', 'Brasil2024', 'Admin@123', 'P@55w0rd!'],
  personal: ['Viabiliza2026', 'Viabiliza@2025!', 'AnaSouza#1990', 'Horizonte#2025'],
  strong: ['Pitanga#Azul7', 'Jabuticaba!Roxa9', 'xK9#mPq2vL', 'Tulipa Azul 7'],
};
const ALL = Object.values(PASSWORDS).flat();
const STRONG_LABELS: string[] = [PASSWORD_STRENGTH_LABELS.strong, PASSWORD_STRENGTH_LABELS['very-strong']];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('the password meter and the server', () => {
  it('has 20 passwords: weak, common, built on the person or the product, and strong', () => {
    expect(ALL).toHaveLength(20);
  });

  it('agree on every one: the meter says Forte or Muito forte exactly when the server accepts', { timeout: 180_000 }, async () => {
    const rows: { password: string; label: string; status: number; message: string | null }[] = [];
    for (const password of ALL) {
      const email = uniqueEmail('medidor');
      const verdict = newPasswordVerdict(password, [PERSON.fullName, email, PERSON.company]);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...PERSON, email, password } });
      rows.push({ password, label: PASSWORD_STRENGTH_LABELS[verdict.level], status: res.statusCode, message: verdict.message });
      expect(res.statusCode === 201, `${password}: meter '${PASSWORD_STRENGTH_LABELS[verdict.level]}', server ${res.statusCode} ${res.body}`).toBe(verdict.accepted);
      if (res.statusCode !== 201) {
        expect(res.statusCode).toBe(400);
        // The meter gives the server's own reason.
        expect(res.json().error.message, password).toContain(verdict.message!);
      }
    }
    for (const row of rows) expect(STRONG_LABELS.includes(row.label), `${row.password} → ${row.label}`).toBe(row.status === 201);
    expect(rows.filter((r) => r.status === 201).map((r) => r.password)).toEqual(PASSWORDS.strong);
  });
});
