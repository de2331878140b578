import { describe, expect, it } from 'vitest';
import { parseWeight } from '@/features/weight/utils/weight';

describe('weight entry', () => {
  it('reads kilograms from 20 to 500', () => {
    expect(parseWeight('68.4')).toBe(68.4);
    expect(parseWeight(' 20 ')).toBe(20);
    expect(parseWeight('500')).toBe(500);
  });

  it.each(['', '  ', '19.9', '500.1', '-70', 'seventy', 'NaN', 'Infinity'])('refuses %j', (text) => {
    expect(parseWeight(text)).toBeNull();
  });
});
