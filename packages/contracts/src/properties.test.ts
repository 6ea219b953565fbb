import { describe, expect, it } from 'vitest';
import { updatePropertyBody } from './properties.ts';
import { BIDI_CONTROL_MESSAGE } from './text-rules.ts';

describe('a property title', () => {
  it('refuses direction controls, which would show another title than the one stored', () => {
    for (const control of ['\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u061C']) {
      const r = updatePropertyBody.safeParse({ title: `Casa ${control}fdp.exe` });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([BIDI_CONTROL_MESSAGE]);
    }
  });

  it('keeps accents, Arabic or Hebrew letters and emoji', () => {
    for (const title of ['Apartamento São João – 12º andar', 'Sala אבג', 'Loja مكتب', 'Casa 🏠']) {
      expect(updatePropertyBody.parse({ title }).title).toBe(title);
    }
  });
});
