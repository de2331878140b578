import { describe, expect, it } from 'vitest';
import { nameForDay } from '@/lib/meal-name';

describe('nameForDay', () => {
  const from = new Date(2026, 10, 26, 12, 30);
  const to = new Date(2026, 10, 27, 12, 30);

  it('moves a default name to the new day, in either language', () => {
    expect(nameForDay('Lunch 11/26', from, to)).toBe('Lunch 11/27');
    expect(nameForDay('午餐 11/26', from, to)).toBe('午餐 11/27');
  });

  it("keeps a person's own name, and no name", () => {
    expect(nameForDay('Oatmeal with berries', from, to)).toBe('Oatmeal with berries');
    expect(nameForDay('Lunch 11/20', from, to)).toBe('Lunch 11/20');
    expect(nameForDay(null, from, to)).toBeNull();
  });
});
