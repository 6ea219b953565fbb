import { describe, expect, it } from 'vitest';
import { updateProfileInput } from './profile.ts';

describe('profile schema', () => {
  it.each(['(48) 99999-0000', '+5548999990000', '4899990000'])('accepts the phone %j', (phone) => {
    expect(updateProfileInput.safeParse({ fullName: 'Ana Lima', phone, company: null }).success).toBe(true);
  });
  it.each(['abc', '12345', '+55 48 99999-0000'])('refuses the phone %j', (phone) => {
    const r = updateProfileInput.safeParse({ fullName: 'Ana Lima', phone, company: null });
    expect(r.success).toBe(false);
  });
  it('treats blank phone and company as null', () => {
    expect(updateProfileInput.parse({ fullName: 'Ana Lima', phone: ' ', company: '' })).toEqual({ fullName: 'Ana Lima', phone: null, company: null });
  });
});
