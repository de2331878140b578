#!/usr/bin/env python3
"""Writes models/data/usda/category_cups.tsv (and item_grams.tsv, below): for each food category and band of energy
per 100 g, the median grams of one cup among the foods of it that have a cup measure of
their own (SR and FNDDS portions in foods.tsv, and the catalogue's). A food without a cup
of its own is measured in cups (and bowls, a cup and a half) at its like foods': dry
cereal weighs little, porridge and soup a lot. Energy splits a category where its foods
are dry or wet (ready-to-eat cereal and cooked oats, cheese and milk); a band is written
only where its foods agree (the middle half of them within SPREAD of each other), so
crisps and candy, which do not, are not given pudding's cup. Portions a food borrowed
from a sibling (marked `~`) are left out; a band with fewer than MIN_FOODS cups is left
out. Run it again and the file comes out the same."""
import csv
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / 'models' / 'data'
MIN_FOODS = 15
# The upper quartile of a band's cups over its lower one, at most.
SPREAD = 2.1
# Bands of energy (kcal per 100 g): wet (milk, porridge, soup), moist, dry.
BANDS = [(0, 150), (150, 300), (300, 1000)]
CUP = re.compile(r'^(\d+(?:\.\d+)?|\d+/\d+) cups?\b')
ONE = re.compile(r'^1 ([a-z]+)\b')
# Words of "1 ..." portions that are measures or sizes, not a thing one eats whole.
MEASURES = {
    'bag', 'bottle', 'bowl', 'can', 'container', 'cubic', 'cup', 'fl', 'half', 'item',
    'jar', 'jigger', 'large', 'lb', 'liang', 'medium', 'mini', 'oz', 'package', 'packet',
    'piece', 'plate', 'portion', 'quart', 'recipe', 'scoop', 'serving', 'slice', 'small',
    'tablespoon', 'tbsp', 'teaspoon', 'tsp', 'unit',
}


def amount(text):
    if '/' in text:
        top, bottom = text.split('/')
        return float(top) / float(bottom)
    return float(text)


def cups_of(portions):
    """Grams per cup of each own cup portion ("158|1 cup|1 杯", "30|0.75 cup|0.75 杯")."""
    for portion in (portions or '').split(';'):
        fields = portion.split('|')
        if len(fields) < 2 or fields[-1] == '~':
            continue
        match = CUP.match(fields[1])
        if match and amount(match.group(1)) > 0 and float(fields[0]) > 0:
            yield float(fields[0]) / amount(match.group(1))


def items_of(portions):
    """(item, grams) of each own portion of one thing ("41|1 bar|1 条": bar, 41)."""
    for portion in (portions or '').split(';'):
        fields = portion.split('|')
        if len(fields) < 2 or fields[-1] == '~' or not float(fields[0] or 0) > 0:
            continue
        match = ONE.match(fields[1])
        if match and match.group(1) not in MEASURES:
            yield match.group(1), float(fields[0])


def write_item_grams(rows):
    """models/data/usda/item_grams.tsv: the median grams of one bar, cookie, sandwich...
    among the foods with such a portion, where they agree (as a band of cups must). A
    food said as one of them ("a protein bar") without such a portion of its own weighs
    that."""
    per_item = defaultdict(list)
    for row in rows:
        # One figure a food and item: its first.
        firsts = {}
        for item, grams in items_of(row['portions']):
            firsts.setdefault(item, grams)
        for item, grams in firsts.items():
            per_item[item].append(grams)
    out = ROOT / 'usda' / 'item_grams.tsv'
    with open(out, 'w', encoding='utf-8') as f:
        f.write('item\tgrams\tfoods\tspread\n')
        for item in sorted(per_item):
            grams = per_item[item]
            if len(grams) < MIN_FOODS:
                continue
            lower, _, upper = statistics.quantiles(grams, n=4)
            if upper / lower <= SPREAD:
                f.write(f'{item}\t{statistics.median(grams):.0f}\t{len(grams)}\t{upper / lower:.2f}\n')
    print(f'wrote {out}', file=sys.stderr)


def main():
    rows = []
    per_category = defaultdict(list)
    for path in [ROOT / 'usda' / 'foods.tsv', ROOT / 'catalogue.tsv']:
        with open(path, encoding='utf-8') as f:
            for row in csv.DictReader(f, delimiter='\t'):
                rows.append(row)
                if row['category'] and row['kcal']:
                    # One figure a food: its first cup.
                    first = next(cups_of(row['portions']), None)
                    if first is not None:
                        per_category[row['category']].append((float(row['kcal']), first))
    out = ROOT / 'usda' / 'category_cups.tsv'
    with open(out, 'w', encoding='utf-8') as f:
        f.write('category\tkcal_from\tkcal_below\tgrams_per_cup\tfoods\tspread\n')
        for category in sorted(per_category):
            for low, high in BANDS:
                grams = [g for kcal, g in per_category[category] if low <= kcal < high]
                if len(grams) < MIN_FOODS:
                    continue
                lower, _, upper = statistics.quantiles(grams, n=4)
                spread = upper / lower
                if spread <= SPREAD:
                    f.write(f'{category}\t{low}\t{high}\t{statistics.median(grams):.0f}'
                            f'\t{len(grams)}\t{spread:.2f}\n')
    print(f'wrote {out}', file=sys.stderr)
    write_item_grams(rows)


if __name__ == '__main__':
    main()
