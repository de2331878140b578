import type { Language } from '@/config/constants';
import { portionAmount } from '@/lib/amount';
import { namesItsGrams, portionName } from '@/lib/food-amounts';
import type { FoodPortion } from '@/types/food';
import '@/components/ui/portion-chips.css';

type PortionChipsProps = {
  portions: readonly FoodPortion[];
  language: Language;
  /** The amount box's text: the chip that wrote it is pressed. */
  text: string;
  /** Writes the portion's amount ("1 slice", "1 片") into the box. */
  onPick: (amount: string) => void;
  /** The group's name, as a screen reader says it. */
  label: string;
  /** A portion with its weight, when its name does not say it: "1 slice (30 g)". */
  withGrams: (name: string, grams: number) => string;
  /** The same for a portion taken from a like food, not weighed for this one: "1 slice (about 25 g)". */
  aboutGrams: (name: string, grams: number) => string;
};

/**
 * A food's portions as chips beside an amount box (a food card's, a recipe ingredient's):
 * a tap writes the portion's name, which the box (and the server) read back as its grams.
 */
export function PortionChips({ portions, language, text, onPick, label, withGrams, aboutGrams }: PortionChipsProps) {
  if (portions.length === 0) return null;
  return (
    <div role="group" aria-label={label} className="portion-chips">
      {portions.map((item) => {
        const written = portionAmount(item, portions, language === 'zh');
        // "1 liang (50 g)" already says its weight: no second "(50 g)".
        const name = portionName(item, language);
        return (
          <button
            key={`${item.name}-${item.grams}`}
            type="button"
            className="chip"
            aria-pressed={text.trim() === written}
            onClick={() => onPick(written)}
          >
            {item.approximate
              ? aboutGrams(name, item.grams)
              : namesItsGrams(name, item.grams)
                ? name
                : withGrams(name, item.grams)}
          </button>
        );
      })}
    </div>
  );
}
