/**
 * Direction controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) reorder what is shown
 * around them: a title 'contrato‮fdp.exe' reads as 'contratoexe.pdf'. A name or title people see in
 * lists, reports and shares has no use for them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_CONTROL_MESSAGE = 'O texto contém caracteres de controle de direção (como U+202E), que não são aceitos';

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}
