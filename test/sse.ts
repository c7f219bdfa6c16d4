// Reading a Server-Sent Events answer in tests (the room's and chat help's streams: lib/api/sse.ts).
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
    buffer += decoder.decode(chunk.value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const f: Frame = { event: 'message', data: null };
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) f.event = line.slice(7);
        else if (line.startsWith('id: ')) f.id = line.slice(4);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (!data) continue;
      f.data = JSON.parse(data);
      frames.push(f);
    }
  }
  reader.releaseLock();
  return frames;
}
