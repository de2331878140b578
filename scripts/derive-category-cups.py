#!/usr/bin/env python3
"""Writes models/data/usda/category_cups.tsv: for each food category, the median grams of
one cup among the foods of it that have a cup measure of their own (SR and FNDDS portions
in foods.tsv, and the catalogue's). A food without a cup of its own is measured in cups
(and bowls, a cup and a half) at its category's: dry cereal weighs little, soup a lot.
Portions a food borrowed from a sibling (marked `~`) are left out; a category with fewer
than MIN_FOODS cups is left out. Run it again and the file comes out the same."""
import csv
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / 'models' / 'data'
MIN_FOODS = 20
CUP = re.compile(r'^(\d+(?:\.\d+)?|\d+/\d+) cups?\b')


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


def main():
    per_category = defaultdict(list)
    for path in [ROOT / 'usda' / 'foods.tsv', ROOT / 'catalogue.tsv']:
        with open(path, encoding='utf-8') as f:
            for row in csv.DictReader(f, delimiter='\t'):
                if row['category']:
                    # One figure a food: its first cup.
                    first = next(cups_of(row['portions']), None)
                    if first is not None:
                        per_category[row['category']].append(first)
    out = ROOT / 'usda' / 'category_cups.tsv'
    with open(out, 'w', encoding='utf-8') as f:
        f.write('category\tgrams_per_cup\tfoods\n')
        for category in sorted(per_category):
            grams = per_category[category]
            if len(grams) >= MIN_FOODS:
                f.write(f'{category}\t{statistics.median(grams):.0f}\t{len(grams)}\n')
    print(f'wrote {out}', file=sys.stderr)


if __name__ == '__main__':
    main()
