/**
 * An answer's body as text, read no further than `maxBytes`: a peer answering a huge (or endless)
 * body does not make us hold it. `complete` tells whether the whole body fitted.
 */
export async function responseText(response: Response, maxBytes: number): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: true };
      const room = maxBytes - read;
      read += value.byteLength;
      if (value.byteLength > room) return { text: text + decoder.decode(value.subarray(0, room)), complete: false };
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
