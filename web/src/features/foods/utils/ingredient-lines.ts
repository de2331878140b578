/**
 * A food's `ingredients` text as lines to list: a standard recipe's
 * "Pork belly 五花肉 500 g; Soy sauce 酱油 30 g. Raw 905 g, cooked 634 g (yield 70 %). 原料共 905 克，熟重 634 克。"
 * or a product label's "Sugar, palm oil, hazelnuts 13%, emulsifier: lecithins (soya). May contain milk."
 */
export type IngredientLines = {
  /** One ingredient each, as written. */
  lines: string[];
  /** The sentences after the list: a recipe's weights, a label's allergy advice. */
  notes: string[];
};

const OPENING = new Set(['(', '[', '{', '（', '【', '［']);
const CLOSING = new Set([')', ']', '}', '）', '】', '］']);

/**
 * `text` cut after each character `isBreak` says ends a piece, outside brackets: the
 * commas inside "lecithins (soya, sunflower)" keep that ingredient whole.
 */
function splitOutside(text: string, isBreak: (char: string, next: string | undefined) => boolean): string[] {
  const pieces: string[] = [];
  const chars = Array.from(text);
  let depth = 0;
  let piece = '';
  chars.forEach((char, index) => {
    if (OPENING.has(char)) depth += 1;
    else if (CLOSING.has(char)) depth = Math.max(0, depth - 1);
    piece += char;
    if (depth === 0 && isBreak(char, chars[index + 1])) {
      pieces.push(piece);
      piece = '';
    }
  });
  pieces.push(piece);
  return pieces.map((each) => each.trim()).filter((each) => each !== '');
}

/** A full stop followed by a space or the end ("8.7%" is a number), or a Chinese full stop. */
const endsSentence = (char: string, next: string | undefined) =>
  char === '。' || (char === '.' && (next === undefined || /\s/.test(next)));

const withoutSeparator = (piece: string) => piece.replace(/[;；,，、.。]+$/u, '').trim();

/** A label's own heading ("Ingredients:", "配料：") is not an ingredient. */
const LABEL_HEADING = /^(ingredients|配料表?|成分)\s*[:：]\s*/iu;

export function ingredientLines(text: string): IngredientLines {
  const [list = '', ...notes] = splitOutside(text.trim().replace(LABEL_HEADING, ''), endsSentence);
  // A recipe separates its lines with semicolons (an ingredient may hold a comma); a label with commas.
  const semicolons = splitOutside(list, (char) => char === ';' || char === '；');
  const pieces =
    semicolons.length > 1 ? semicolons : splitOutside(list, (char) => char === ',' || char === '，' || char === '、');
  return {
    lines: pieces.map(withoutSeparator).filter((line) => line !== ''),
    notes,
  };
}

const HAN = /\p{Script=Han}/u;

/**
 * The notes in the reader's language when the text gives them in both ("Raw 905 g …" and
 * "原料共 905 克 …"); all of them otherwise.
 */
export function notesFor(notes: readonly string[], language: 'en' | 'zh'): string[] {
  const own = notes.filter((note) => HAN.test(note) === (language === 'zh'));
  return own.length > 0 ? own : [...notes];
}

const GRAMS = /\s(\d+(?:\.\d+)?) g$/u;

/**
 * A standard recipe's line ("Pork belly, raw 五花肉 500 g") in the reader's language:
 * "Pork belly, raw 500 g" or "五花肉 500 克". A line whose food has no Chinese name, or
 * that is not in that shape, stays as written.
 */
export function recipeLineFor(line: string, language: 'en' | 'zh'): string {
  const grams = GRAMS.exec(line);
  const han = line.search(HAN);
  if (!grams || han <= 0) return line;
  const english = line.slice(0, han).trim();
  const chinese = line.slice(han, grams.index).trim();
  return language === 'zh' ? `${chinese} ${grams[1]} 克` : `${english} ${grams[1]} g`;
}
