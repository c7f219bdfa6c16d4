// Reading a Server-Sent Events answer in tests (the room's and chat help's streams: lib/api/sse.ts),
// with the browser's own parser (lib/browser/sse.ts).
import { parseSse } from '@/lib/browser/sse';

export interface Frame {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads SSE frames from a streaming answer until `until` says enough (or 5 s pass, or the stream ends). */
export async function readFrames(res: Response, until: (frames: Frame[]) => boolean): Promise<Frame[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  let buffer = '';
  const deadline = Date.now() + 5000;
  while (!until(frames) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (chunk === null) continue;
    if (chunk.done) break;
    buffer = parseSse(buffer + decoder.decode(chunk.value, { stream: true }), (f) => frames.push({ event: f.event, ...(f.id !== undefined ? { id: f.id } : {}), data: JSON.parse(f.data) }));
  }
  reader.releaseLock();
  return frames;
}
