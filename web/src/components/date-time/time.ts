/** A time of day as typed. */
export type TimeOfDay = { hours: number; minutes: number };

/**
 * SPEC 5: "14:30", "1430", "2:30pm", "2pm", "14", "noon" and "midnight" (and "12am",
 * "2:30 PM", "14.30"); hours 0-23, minutes 0-59. Null for anything else, so the caller
 * can keep the previous value.
 */
export function parseTime(text: string): TimeOfDay | null {
  const input = text.trim().toLowerCase().replace(/\s+/g, '');
  if (input === 'noon') return { hours: 12, minutes: 0 };
  if (input === 'midnight') return { hours: 0, minutes: 0 };
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?(am|pm|a|p)?$/.exec(input);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3]?.[0];
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hours > 23) {
    return null;
  }
  return { hours, minutes };
}
