import { z } from 'zod';

export const VIEWER_LIMITS = {
  roomNameMaxChars: 60,
  roomAreaMax: 100_000,
  maxRooms: 60,
  /** Spec 02 §9: zoom step 25, range 50 to 200, default 100. */
  zoomMin: 50,
  zoomMax: 200,
  zoomStep: 25,
  zoomDefault: 100,
  /** The rooms' total is compared with the questionnaire's usable area; beyond this share it warns. */
  areaTolerance: 0.1,
} as const;

export const VIEWER_MESSAGES = {
  roomNameRequired: 'Informe o nome do cômodo',
  roomNameTooLong: `O nome do cômodo deve ter no máximo ${VIEWER_LIMITS.roomNameMaxChars} caracteres`,
  roomAreaInvalid: 'Informe a área do cômodo em m² (maior que zero)',
  tooManyRooms: `Uma planta pode ter no máximo ${VIEWER_LIMITS.maxRooms} cômodos`,
  noPhotos: 'Nenhuma foto do imóvel ainda. O proprietário da análise pode enviar imagens (JPG, PNG, WebP) por aqui.',
  noRooms: 'Nenhum cômodo cadastrado. Adicione os cômodos com nome e área para desenhar a planta em escala.',
  mapNote: 'O mapa precisa de um servidor de mapas e das coordenadas do imóvel, que não estão configurados. Endereço do imóvel:',
  areaMismatch: (rooms: string, usable: string, diff: string) =>
    `A soma das áreas dos cômodos (${rooms} m²) difere em ${diff}% da área útil informada no questionário (${usable} m²).`,
  areaMatches: (rooms: string, usable: string) => `A soma das áreas dos cômodos (${rooms} m²) confere com a área útil do questionário (${usable} m²).`,
  noUsableArea: 'Informe a área útil no questionário para conferir a soma dos cômodos.',
} as const;

export const roomBody = z.object({
  name: z
    .string({ error: VIEWER_MESSAGES.roomNameRequired })
    .trim()
    .min(1, { error: VIEWER_MESSAGES.roomNameRequired })
    .max(VIEWER_LIMITS.roomNameMaxChars, { error: VIEWER_MESSAGES.roomNameTooLong }),
  areaM2: z
    .number({ error: VIEWER_MESSAGES.roomAreaInvalid })
    .positive({ error: VIEWER_MESSAGES.roomAreaInvalid })
    .max(VIEWER_LIMITS.roomAreaMax, { error: VIEWER_MESSAGES.roomAreaInvalid }),
});
export type RoomBody = z.infer<typeof roomBody>;

export const room = z.object({ id: z.string(), name: z.string(), areaM2: z.number(), position: z.number().int() });
export type Room = z.infer<typeof room>;

export const viewerResponse = z.object({
  canEdit: z.boolean(),
  property: z.object({
    id: z.string(),
    title: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    propertyType: z.string().nullable(),
    usableArea: z.number().nullable(),
  }),
  rooms: z.array(room),
  photos: z.array(z.object({ id: z.string(), fileName: z.string(), url: z.string() })),
});
export type ViewerResponse = z.infer<typeof viewerResponse>;

/** Image kinds (decided from the bytes at upload) that browsers display, with their media type. TIFF is not shown. */
export const PHOTO_MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

export interface AreaCheck {
  kind: 'none' | 'no-usable-area' | 'ok' | 'mismatch';
  roomsTotal: number;
  usableArea: number | null;
  /** Relative difference in percent, rounded to one decimal. */
  diffPercent: number | null;
}

/** Spec: the floor plan's total is checked against the usable area; more than 10% apart warns. */
export function checkRoomsArea(areas: number[], usableArea: number | null): AreaCheck {
  const roomsTotal = Math.round(areas.reduce((s, a) => s + a, 0) * 100) / 100;
  if (!areas.length) return { kind: 'none', roomsTotal, usableArea, diffPercent: null };
  if (!usableArea || usableArea <= 0) return { kind: 'no-usable-area', roomsTotal, usableArea: null, diffPercent: null };
  const diff = Math.abs(roomsTotal - usableArea) / usableArea;
  return {
    kind: diff > VIEWER_LIMITS.areaTolerance ? 'mismatch' : 'ok',
    roomsTotal,
    usableArea,
    diffPercent: Math.round(diff * 1000) / 10,
  };
}
