import { BIDI_CONTROL_MESSAGE, hasBidiControl } from './text-rules.ts';
import { z } from 'zod';

/** Spec 01 §5 'Profile schema phone': 10 to 15 of digits, spaces, dashes, parentheses, optional plus. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,15}$/;

export const profile = z.object({
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

export const updateProfileInput = z.object({
  fullName: z
    .string({ error: 'Nome deve ter pelo menos 2 caracteres' })
    .trim()
    .min(2, { error: 'Nome deve ter pelo menos 2 caracteres' })
    .max(100, { error: 'Nome muito longo' })
    .refine((name) => !hasBidiControl(name), BIDI_CONTROL_MESSAGE),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v.length <= 15 && PHONE_PATTERN.test(v)), {
      error: 'Telefone inválido. Use de 10 a 15 dígitos, por exemplo (48) 99999-9999',
    }),
  company: optionalText(100, 'Nome da empresa muito longo'),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;
