import { useMutation, useQueryClient } from '@tanstack/react-query';
import { room, type Room, type RoomBody } from '@viabiliza/contracts/viewer';
import { z } from 'zod';

import { viewerQueryKey } from '@/features/viewer/api/get-viewer';
import { api } from '@/lib/api-client';

const roomResponse = z.object({ room });
const base = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/rooms`;

/** POST /api/properties/:id/rooms, or PUT …/rooms/:roomId when `roomId` is given (owner only). */
export async function saveRoom({ propertyId, roomId, body }: { propertyId: string; roomId?: string; body: RoomBody }): Promise<Room> {
  const res = roomId
    ? await api.put(`${base(propertyId)}/${encodeURIComponent(roomId)}`, body, { schema: roomResponse })
    : await api.post(base(propertyId), body, { schema: roomResponse });
  return res.room;
}

export function deleteRoom({ propertyId, roomId }: { propertyId: string; roomId: string }): Promise<void> {
  return api.delete(`${base(propertyId)}/${encodeURIComponent(roomId)}`);
}

export function useSaveRoom(analysisId: string, propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { roomId?: string; body: RoomBody }) => saveRoom({ propertyId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey(analysisId) }),
  });
}

export function useDeleteRoom(analysisId: string, propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => deleteRoom({ propertyId, roomId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey(analysisId) }),
  });
}
