/** `YYYY-MM-DDTHH:mm` of an instant in the browser's time zone: the value of an `<input type="datetime-local">`. */
export function toLocalInput(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

/** The instant a datetime-local value names (local time), as ISO 8601; null for blank (never expires); undefined if unreadable. */
export function fromLocalInput(value: string | undefined | null): string | null | undefined {
  const text = value?.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(year, month - 1, day, hour, minute);
  return at.getMonth() === month - 1 && at.getDate() === day ? at.toISOString() : undefined;
}

/** A form rule: blank (never) or an instant after `now`. */
export const isFutureOrBlank = (value: string | undefined | null, now: Date): boolean => {
  const iso = fromLocalInput(value);
  return iso === null || (iso !== undefined && new Date(iso).getTime() > now.getTime());
};
