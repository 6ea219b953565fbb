/** A live SSE connection whose frames can be awaited one predicate at a time. */
export function sseClient(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: { event: string; data: string }[] = [];
  return {
    async next(predicate: (event: string, data: string) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = frames.findIndex((f) => predicate(f.event, f.data));
        if (hit >= 0) return frames.splice(hit, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('event not received');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (!chunk) continue;
        if (chunk.done) throw new Error('stream closed');
        buffer += decoder.decode(chunk.value, { stream: true });
        let idx;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          frames.push({ event: /^event: (.*)$/m.exec(frame)?.[1] ?? 'message', data: /^data: (.*)$/m.exec(frame)?.[1] ?? '' });
        }
      }
    },
    close: () => reader.cancel(),
  };
}
