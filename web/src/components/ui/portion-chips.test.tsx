import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PortionChips } from '@/components/ui/portion-chips';

const withGrams = (name: string, grams: number) => `${name} (${grams} g)`;
const aboutGrams = (name: string, grams: number) => `${name} (about ${grams} g)`;

describe('PortionChips', () => {
  it('says a portion taken from a like food is about so many grams, and one weighed for the food as it is', () => {
    render(
      <PortionChips
        portions={[
          { grams: 25, name: '1 slice', name_zh: '1 片', approximate: true },
          { grams: 100, name: '1 cup', name_zh: null, approximate: false },
        ]}
        language="en"
        text=""
        onPick={() => {}}
        label="Portions"
        withGrams={withGrams}
        aboutGrams={aboutGrams}
      />,
    );
    expect(screen.getByRole('button', { name: '1 slice (about 25 g)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 cup (100 g)' })).toBeTruthy();
  });

  it('writes the portion as the box reads it back, approximate or not', () => {
    const onPick = vi.fn();
    render(
      <PortionChips
        portions={[{ grams: 25, name: '1 slice', name_zh: '1 片', approximate: true }]}
        language="zh"
        text=""
        onPick={onPick}
        label="份量"
        withGrams={withGrams}
        aboutGrams={aboutGrams}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /1 片/ }));
    expect(onPick).toHaveBeenCalledWith('1 片');
  });
});
