#!/usr/bin/env python3
# Long on purpose: one derivation, read top to bottom, from the USDA releases and the China table to every shipped food file.
"""Derives the USDA generic foods the product ships with, and the micronutrients of those
foods and of the hand-written catalogue.

    scripts/derive-usda.py [USDA_DIR [CHINA_FCT_CSV]]
        (defaults: ../shared/data/usda and ../shared/data/china_fct/china_fct6_merged.csv
        beside the project)

Writes:
  models/data/usda/foods.tsv              the foods, their energy, macros and portions
  models/data/usda/micronutrients.tsv     fdc_id and the 24 MICRONUTRIENTS per 100 g of
                                          each food of foods.tsv that has any (SR foods)
  models/data/catalogue_micronutrients.tsv  key and the same 24 of each catalogue food
                                          whose reference gives them

Reads, from USDA_DIR:
  fdc_macros_per100g.csv          FoodData Central per-100 g energy, protein, fat and
                                  carbohydrate of SR Legacy (all 7,793), FNDDS survey and
                                  Foundation foods
  derived_sr_legacy_per100g.csv   SR Legacy foods matched to SR26 (fibre, sugar, sodium)
  sr26_ascii/FOOD_DES.txt         SR food groups
  sr26_ascii/WEIGHT.txt           SR household measures (portions in grams)
  sr26_ascii/ABBREV.txt           SR26 per-100 g vitamins, minerals, cholesterol and
                                  fatty acids (ABBREV_FIELDS)
from CHINA_FCT_CSV: the China Food Composition Tables (6th ed.) by food code, for the
catalogue's `cfct:` references;
and from the project:
  models/data/usda/names_zh/*.tsv our Chinese names of FNDDS base names (name_en,
                                  name_zh, category), written by us; the script adds
                                  the qualifiers it strips (SUFFIXES_ZH) and pinyin
                                  (pypinyin, `pip install pypinyin`)
  models/data/catalogue.tsv       the hand-written catalogue: USDA foods it already
                                  describes are not shipped twice

With the full official releases instead (https://fdc.nal.usda.gov/download-datasets):
SR Legacy's food.csv + food_nutrient.csv give energy (nutrient 1008), protein (1003),
fat (1004), carbohydrate (1005), fibre (1079), sugar (2000) and sodium (1093) per 100 g,
and food_portion.csv the household measures; write them into the two CSV files above
(same columns) and run this script unchanged. The micronutrients are, by FDC nutrient id
(SR number): vitamin A RAE 1106 (320), C 1162 (401), D 1114 (328, µg), E 1109 (323,
alpha-tocopherol), K 1185 (430), thiamin 1165 (404), riboflavin 1166 (405), niacin 1167
(406), B6 1175 (415), folate DFE 1190 (435), B12 1178 (418), calcium 1087 (301), iron
1089 (303), magnesium 1090 (304), phosphorus 1091 (305), potassium 1092 (306), zinc 1095
(309), copper 1098 (312), manganese 1101 (315), selenium 1103 (317), cholesterol 1253
(601), saturated 1258 (606), monounsaturated 1292 (645), polyunsaturated 1293 (646)
fatty acids. Written as ABBREV.txt lines (NDB number, then ABBREV_FIELDS), with
sr_legacy_food.csv's NDB numbers as sr26_ndb_no, they need no change here either. FNDDS's
and Foundation's food_nutrient.csv carry the same ids; reading them for those foods is
the one change this script would need to give them micronutrients.

Rules:
- A nutrient a source does not give is left empty (unknown), never written as 0: FNDDS
  and Foundation rows here carry only energy and the three macros, and SR rows whose
  SR26 values did not agree with FoodData Central (see PROVENANCE) carry only those too.
- Rows without energy (Foundation "0% moisture" lab samples) are not foods people log.
- Duplicates: foods whose names are the same once qualifiers that do not change what a
  person ate are dropped ("enriched", "unenriched", "regular", "NFS", ...), and whose
  energy and macros agree (energy within 3 %, each macro within 1 g), are one food, as
  are foods of exactly the same name (one name, one food in a search);
  the one with the most nutrients known (SR Legacy first) is kept, and the others' FDC
  ids are listed on it, so a lookup by any of them finds it.
- Micronutrients: an SR food takes those of its SR26 row (the one matched in
  derived_sr_legacy_per100g.csv, else the one of the same name, or of the same name's
  parts in another order, when its energy and protein agree with FoodData Central's by
  the same test: energy within 2 % + 2 kcal, protein within 0.5 g); a merged food without
  one takes a merged duplicate's. FNDDS and
  Foundation foods have none here. A catalogue food takes those of its reference: an SR
  food's as above, or the China table's row (its code, else the code without a trailing
  letter), where 'Tr' (trace) is 0, '—' unknown, and two misread column runs of that
  OCR'd table are put back (china_fct_values).
"""
import csv
import os
import re
import sys
from collections import defaultdict
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(HERE)
USDA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(PROJECT, '..', 'shared', 'data', 'usda')
CHINA_FCT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    PROJECT, '..', 'shared', 'data', 'china_fct', 'china_fct6_merged.csv')
OUT_DIR = os.path.join(PROJECT, 'models', 'data', 'usda')

# SR26 ABBREV.txt's fields, in file order (USDA's SR26 documentation).
ABBREV_FIELDS = [
    'NDB_No', 'Shrt_Desc', 'Water', 'Energ_Kcal', 'Protein', 'Lipid_Tot', 'Ash', 'Carbohydrt',
    'Fiber_TD', 'Sugar_Tot', 'Calcium', 'Iron', 'Magnesium', 'Phosphorus', 'Potassium',
    'Sodium', 'Zinc', 'Copper', 'Manganese', 'Selenium', 'Vit_C', 'Thiamin', 'Riboflavin',
    'Niacin', 'Panto_Acid', 'Vit_B6', 'Folate_Tot', 'Folic_Acid', 'Food_Folate', 'Folate_DFE',
    'Choline_Tot', 'Vit_B12', 'Vit_A_IU', 'Vit_A_RAE', 'Retinol', 'Alpha_Carot', 'Beta_Carot',
    'Beta_Crypt', 'Lycopene', 'Lut+Zea', 'Vit_E', 'Vit_D_mcg', 'Vit_D_IU', 'Vit_K', 'FA_Sat',
    'FA_Mono', 'FA_Poly', 'Cholestrl', 'GmWt_1', 'GmWt_Desc1', 'GmWt_2', 'GmWt_Desc2',
    'Refuse_Pct',
]

# The micronutrients the product tracks, per 100 g, in its order (the key ends with the
# unit; models/src/micronutrients.rs): the SR26 ABBREV field, and the China table's
# column (None: the table does not give it; its vitamin E is mg alpha-TE, its vitamin A
# µg RAE).
MICRONUTRIENTS = [
    ('vitamin_a_ug', 'Vit_A_RAE', 'vitaminA'),
    ('vitamin_c_mg', 'Vit_C', 'vitaminC'),
    ('vitamin_d_ug', 'Vit_D_mcg', None),
    ('vitamin_e_mg', 'Vit_E', 'vitaminETotal'),
    ('vitamin_k_ug', 'Vit_K', None),
    ('thiamin_mg', 'Thiamin', 'thiamin'),
    ('riboflavin_mg', 'Riboflavin', 'riboflavin'),
    ('niacin_mg', 'Niacin', 'niacin'),
    ('vitamin_b6_mg', 'Vit_B6', None),
    ('folate_ug', 'Folate_DFE', None),
    ('vitamin_b12_ug', 'Vit_B12', None),
    ('calcium_mg', 'Calcium', 'Ca'),
    ('iron_mg', 'Iron', 'Fe'),
    ('magnesium_mg', 'Magnesium', 'Mg'),
    ('phosphorus_mg', 'Phosphorus', 'P'),
    ('potassium_mg', 'Potassium', 'K'),
    ('zinc_mg', 'Zinc', 'Zn'),
    ('copper_mg', 'Copper', 'Cu'),
    ('manganese_mg', 'Manganese', 'Mn'),
    ('selenium_ug', 'Selenium', 'Se'),
    ('cholesterol_mg', 'Cholestrl', 'cholesterol'),
    ('saturated_fat_g', 'FA_Sat', None),
    ('monounsaturated_fat_g', 'FA_Mono', None),
    ('polyunsaturated_fat_g', 'FA_Poly', None),
]

# SR food group -> our category (the catalogue's words).
SR_GROUPS = {
    '0100': 'dairy', '0200': 'condiments', '0300': 'baby-foods', '0400': 'fats-oils',
    '0500': 'poultry', '0600': 'soups-sauces', '0700': 'meat', '0800': 'breakfast-cereals',
    '0900': 'fruit', '1000': 'meat', '1100': 'vegetables', '1200': 'nuts-seeds',
    '1300': 'meat', '1400': 'beverages', '1500': 'fish-seafood', '1600': 'legumes-soy',
    '1700': 'meat', '1800': 'bread', '1900': 'sweets-snacks', '2000': 'grains',
    '2100': 'fast-food', '2200': 'dishes', '2500': 'sweets-snacks',
    '3500': 'traditional-foods', '3600': 'restaurant',
}

# Words that do not change what a person ate: "Rice, white, long-grain, regular,
# enriched, cooked" and "... unenriched, cooked" are one food to someone logging rice.
NOISE = {
    'enriched', 'unenriched', 'regular', 'nfs', 'ns as to form', 'all grades',
    'without salt', 'with salt', 'without added salt', 'no salt added', 'commercial',
    'prepared', 'includes usda commodity', 'usda commodity',
    # FNDDS: "NS as to fat" is coded with the values of "fat added".
    'ns as to fat', 'ns as to fat type', 'fat added',
}

# Household measures in Chinese, for the unit a measure starts with.
UNITS_ZH = [
    ('fl oz', '液量盎司'), ('cup', '杯'), ('tbsp', '汤匙'), ('tsp', '茶匙'), ('oz', '盎司'),
    ('slice', '片'), ('piece', '块'), ('pat', '小块'), ('serving', '份'), ('package', '包'),
    ('container', '盒'), ('bar', '条'), ('link', '根'), ('patty', '个肉饼'), ('egg', '个'),
    ('large', '个（大）'), ('medium', '个（中）'), ('small', '个（小）'), ('extra large', '个（特大）'),
    ('fruit', '个'), ('stalk', '根'), ('leaf', '片'), ('clove', '瓣'), ('can', '罐'),
    ('bottle', '瓶'), ('lb', '磅'), ('sandwich', '个'), ('muffin', '个'), ('roll', '个'),
    ('cookie', '块'), ('cracker', '块'), ('bun', '个'), ('wedge', '块'), ('stick', '根'),
    ('drumstick', '个鸡腿'), ('wing', '个鸡翅'), ('thigh', '个鸡腿排'), ('breast', '块胸肉'),
    ('fillet', '块鱼排'), ('tortilla', '张'), ('pancake', '张'), ('waffle', '个'),
    ('bagel', '个'), ('doughnut', '个'), ('burrito', '个'), ('taco', '个'), ('pie', '个'),
    ('scoop', '勺'), ('spear', '根'), ('head', '颗'), ('ear', '穗'), ('nut', '颗'),
]


# Trailing qualifiers of FNDDS names, and how they read in Chinese ('' = left out).
SUFFIXES_ZH = {
    'ns as to fat type': '', 'ns as to fat': '', 'nfs': '', 'regular': '',
    'enriched': '', 'unenriched': '',
    'fat added': '加油', 'made with oil': '加油', 'made with butter': '加黄油',
    'made with margarine': '加人造黄油', 'no added fat': '不加油',
    'raw': '生', 'cooked': '熟', 'with salt': '加盐', 'without salt': '无盐',
}


def split_base(name):
    """'Rice, white, cooked, no added fat' -> ('Rice, white', ['cooked', 'no added fat'])."""
    parts = [p.strip() for p in name.split(',')]
    suffixes = []
    while len(parts) > 1 and parts[-1].lower() in SUFFIXES_ZH:
        suffixes.insert(0, parts.pop().lower())
    return ', '.join(parts), suffixes


def chinese_name(name_en, bases):
    base, suffixes = split_base(name_en)
    entry = bases.get(base)
    if not entry:
        return None
    name = entry['name_zh']
    extra = [SUFFIXES_ZH[s] for s in suffixes if SUFFIXES_ZH[s]]
    if extra:
        name += '（' + '，'.join(extra) + '）'
    return name, entry['category']


def to_pinyin(name_zh):
    from pypinyin import Style, pinyin

    return ' '.join(s[0] for s in pinyin(name_zh, style=Style.TONE, errors='ignore'))


def number(text):
    text = (text or '').strip()
    if not text:
        return None
    value = float(text)
    return value if value >= 0 else None


def fmt(value):
    if value is None:
        return ''
    return f'{value:.2f}'.rstrip('0').rstrip('.') if value else '0'


def fmt_exact(text):
    """A source's number as it gives it, without trailing zeros ('0.130' -> '0.13'); ''
    for none. Unlike fmt it keeps every decimal: 0.004 mg of manganese is not 0."""
    text = (text or '').strip()
    if not re.fullmatch(r'\d+(\.\d*)?|\.\d+', text):
        return ''
    return format(Decimal(text).normalize(), 'f')


def sr_micronutrients(abbrev_row):
    return [fmt_exact(abbrev_row[ABBREV_FIELDS.index(field)]) for _, field, _ in MICRONUTRIENTS]


def name_parts(name):
    """'Rice, white, regular, enriched, cooked' and '..., cooked, enriched' are one name."""
    return frozenset(p.strip().lower() for p in name.split(','))


def micronutrient_ndb(sr_row, abbrev, ndb_by_desc, ndbs_by_parts):
    """The SR26 row whose values are this SR Legacy food's: the one matched to it, else the
    one of the same name, or of the same name's parts in another order, whose energy and
    protein agree with FoodData Central's (the matching's own test: energy within 2 % +
    2 kcal, protein within 0.5 g). SR26 rows whose values have changed since are not it."""
    if sr_row['sr26_ndb_no']:
        return sr_row['sr26_ndb_no']
    kcal, protein = float(sr_row['energy_kcal']), float(sr_row['protein_g'])

    def agrees(ndb):
        fields = abbrev.get(ndb)
        return fields is not None and fields[3] and fields[4] and \
            abs(float(fields[3]) - kcal) <= 0.02 * kcal + 2 and abs(float(fields[4]) - protein) <= 0.5

    name = sr_row['description'].strip()
    if agrees(ndb_by_desc.get(name.lower())):
        return ndb_by_desc[name.lower()]
    agreeing = [ndb for ndb in ndbs_by_parts.get(name_parts(name), []) if agrees(ndb)]
    return agreeing[0] if len(agreeing) == 1 else None


def china_fct_values(row):
    """The China table's row with its vitamin columns where they belong. Two misreadings
    of the OCR'd table are known and put back: (a) pork rows of one page carry an extra
    '0.0' before cholesterol, which pushes cholesterol..thiamin one column right and loses
    riboflavin (found by vitamin A holding the ash, a decimal, and carotene equal to the
    thiamin column, which is retinol); (b) rows whose riboflavin cell is blank have lost a
    column before retinol, so retinol holds thiamin and thiamin riboflavin (vitamin A is
    then not known). Other rows with a blank riboflavin give no vitamins A, B1, B2, niacin
    or cholesterol; a row with over 25 mg of thiamin or riboflavin gives no B vitamins; a
    row whose manganese holds the remark gives no minerals. 'Tr' (trace) is 0; '—', '…'
    and the like are unknown."""
    def cell(column):
        return (row.get(column) or '').strip()

    cells = {column: cell(column) for _, _, column in MICRONUTRIENTS if column}
    if ('.' in cell('vitaminA') and cell('carotene') == cell('thiamin') and cell('retinol') in ('0', '—')
            and cell('cholesterol') == '0.0'):
        cells.update(cholesterol=cell('ash'), vitaminA=cell('carotene'), thiamin=cell('riboflavin'), riboflavin='')
    elif not cell('riboflavin'):
        ash_like = re.fullmatch(r'\d{1,2}(\.\d+)?', cell('ash')) and float(cell('ash')) < 20
        if ash_like and re.fullmatch(r'\d+\.\d+|Tr', cell('retinol')):
            cells.update(vitaminA='', thiamin=cell('retinol'), riboflavin=cell('thiamin'))
        else:
            cells.update(vitaminA='', thiamin='', riboflavin='', niacin='', cholesterol='')
    if any(re.fullmatch(r'\d+(\.\d+)?', cells[c]) and float(cells[c]) > 25 for c in ('thiamin', 'riboflavin')):
        # No food has 25 mg in 100 g (SR26's most: yeast extract, 23 mg of thiamin): the
        # B vitamins of the row are misread (the salted duck egg's thiamin 56).
        cells.update(thiamin='', riboflavin='', niacin='')
    if cell('Mn') and not re.fullmatch(r'[\d.]+|Tr|—+|…', cell('Mn')):
        # The remark (a place) read into manganese: the minerals are a column off.
        for column in ('Ca', 'P', 'K', 'Na', 'Mg', 'Fe', 'Zn', 'Se', 'Cu', 'Mn'):
            cells[column] = ''
    return ['0' if column and cells[column] == 'Tr' else fmt_exact(cells[column]) if column else ''
            for _, _, column in MICRONUTRIENTS]


def write_micronutrients(path, key, rows):
    """rows: (key value, the 24 values); only rows with some value known are written."""
    written = 0
    with open(path, 'w', encoding='utf-8', newline='') as out:
        out.write('\t'.join([key] + [m[0] for m in MICRONUTRIENTS]) + '\n')
        for name, values in rows:
            if any(values):
                out.write('\t'.join([name] + values) + '\n')
                written += 1
    return written


def read_sr26(name):
    with open(os.path.join(USDA, 'sr26_ascii', name), encoding='latin-1') as f:
        for line in f:
            line = line.rstrip('\r\n')
            if line:
                yield [field.strip('~') for field in line.split('^')]


# Words that say how a food was made or sold, not what it is: a sibling may differ in them.
SIBLING_NOISE = {
    'nfs', 'ns', 'as', 'to', 'or', 'and', 'at', 'from', 'made', 'home', 'recipe', 'purchased', 'bakery',
    'commercially', 'prepared', 'regular', 'enriched', 'unenriched', 'with', 'without', 'added', 'fat', 'salt',
    'type', 'includes', 'store', 'bought', 'restaurant', 'fast', 'food', 'style', 'plain',
}
# Words that change what a portion weighs: a sibling must say the same of them.
SIBLING_STATE = {
    'raw', 'cooked', 'boiled', 'baked', 'fried', 'roasted', 'grilled', 'steamed', 'toasted', 'canned', 'dried',
    'dry', 'frozen', 'mashed', 'drained', 'stewed', 'braised', 'smoked', 'sliced', 'chopped', 'diced', 'shredded',
    'ground', 'whole', 'juice', 'powder', 'concentrate', 'reconstituted', 'dehydrated', 'unprepared',
    # The part of an animal or plant: a wing is not a bird, a yolk not an egg.
    'wing', 'wings', 'breast', 'leg', 'legs', 'thigh', 'drumstick', 'back', 'neck', 'giblets', 'liver', 'heart',
    'skin', 'rib', 'ribs', 'loin', 'shoulder', 'chop', 'chops', 'steak', 'fillet', 'yolk', 'white', 'leaves',
    'seeds', 'stalk', 'stem', 'root', 'peel', 'kernels',
}


def sibling_words(name):
    """(head words, all words) of a food's name: "Bread, whole-wheat, toasted" is
    ({bread}, {bread, whole, wheat, toasted})."""
    parts = [p.strip() for p in name.lower().replace('-', ' ').split(',')]
    words = lambda text: {w.strip('()%/') for w in text.split()} - {''}
    head = words(parts[0]) - SIBLING_NOISE
    every = set().union(*(words(p) for p in parts)) - SIBLING_NOISE
    return frozenset(head), frozenset(every)


def borrow_from_sibling(foods, donors, field, words=None):
    """Gives each food of `foods` without `field` the `field` of its closest sibling among
    `donors`: the same head name ("Bread"), the same words for how it was cooked or cut
    ("toasted"), and most of the other words ("whole wheat", 60 %). `food[field + '_from']`
    names the donor. Answers how many foods borrowed."""
    words = words or sibling_words
    by_head = defaultdict(list)
    for donor in donors:
        head, every = words(donor['name_en'])
        by_head[head].append((every, donor))
    count = 0
    for food in foods:
        if food.get(field):
            continue
        head, every = words(food['name_en'])
        state = every & SIBLING_STATE
        best = None
        for other_words, other in by_head.get(head, []):
            if other_words & SIBLING_STATE != state:
                continue
            score = len(every & other_words) / len(every | other_words)
            key = (score, -len(other['name_en']), -int(other['fdc_id']))
            if score >= 0.6 and (best is None or key > best[0]):
                best = (key, other)
        if best:
            food[field] = best[1][field]
            food[field + '_from'] = best[1]['fdc_id']
            count += 1
    return count


def borrow_portions(foods):
    """Household portions for foods whose own record has none (FNDDS and Foundation foods
    here, and some SR ones), from the closest sibling that has them. A food with no close
    sibling keeps grams only."""
    return borrow_from_sibling(foods, [f for f in foods if f['portions']], 'portions')


# How far above its food group a value may lie before it is checked against the foods
# like it: the upper quartile plus FENCE_IQR times the interquartile range of the group's
# SR26 values above 0 (Tukey's far-out fence is 3; groups are mixed, so wider).
FENCE_IQR = 5
# The groups of mixed dishes, where no one ingredient makes a value extreme: there, a
# value beyond the fence that is over SLIP_TIMES what each of at least two foods like it
# holds (most of the same words, the same cooking and part words) is a slip, and dropped.
# Elsewhere an extreme value is what the food is (liver, yeast, fortified powders).
MIXED_DISH_GROUPS = {'dishes', 'fast-food', 'restaurant', 'soups-sauces'}
SLIP_TIMES = 4


def nutrient_bounds(abbrev, groups):
    """{(category, key): upper fence} over SR26's values per 100 g, per our category (the
    SR food groups of SR_GROUPS) and over every food ('*', where the bound is SR26's
    highest value: nothing edible holds more)."""
    values = defaultdict(list)
    for ndb, fields in abbrev.items():
        category = SR_GROUPS.get(groups.get(ndb, ''), '')
        for key, field, _ in MICRONUTRIENTS:
            v = fields[ABBREV_FIELDS.index(field)]
            if v and float(v) > 0:
                values[(category, key)].append(float(v))
                values[('*', key)].append(float(v))
    bounds = {}
    for (category, key), xs in values.items():
        xs.sort()
        if category == '*':
            bounds[(category, key)] = xs[-1]
        elif len(xs) >= 20 and category:
            q1, q3 = xs[len(xs) // 4], xs[3 * len(xs) // 4]
            bounds[(category, key)] = q3 + FENCE_IQR * (q3 - q1)
    return bounds


def likeness_words(name):
    words = set()
    for part in name.lower().replace('-', ' ').split(','):
        for word in part.split():
            word = word.strip("()%/'&.")
            if word and word not in SIBLING_NOISE and not word.isdigit():
                # A part or state word stays as it is ("leaves" is not "leave").
                words.add(word if word in SIBLING_STATE else singular(word))
    return frozenset(words)


def drop_implausible(abbrev, groups, names, bounds):
    """Blanks the SR26 values of mixed dishes that cannot be right: beyond their group's
    fence and over SLIP_TIMES what the foods like them hold (Spaghetti with meat sauce,
    frozen entree: 1.333 mg of riboflavin in 100 g where lasagna with meat sauce holds
    0.06 to 0.13). Answers what was dropped: (ndb, key, value)."""
    words = {ndb: likeness_words(names[ndb]) for ndb in abbrev}
    having = defaultdict(set)
    for ndb, ws in words.items():
        for w in ws:
            having[w].add(ndb)
    dropped = []
    for ndb, fields in abbrev.items():
        category = SR_GROUPS.get(groups.get(ndb, ''), '')
        if category not in MIXED_DISH_GROUPS:
            continue
        mine = words[ndb]
        state = mine & SIBLING_STATE
        alike = [other for other in set().union(*(having[w] for w in mine)) - {ndb}
                 if len(words[other] & mine) / len(words[other] | mine) >= 0.5
                 and words[other] & SIBLING_STATE == state]
        for key, field, _ in MICRONUTRIENTS:
            at = ABBREV_FIELDS.index(field)
            fence = bounds.get((category, key))
            if not fields[at] or fence is None or float(fields[at]) <= fence:
                continue
            value = float(fields[at])
            theirs = [float(abbrev[o][at]) for o in alike if abbrev[o][at]]
            if len(theirs) >= 2 and max(theirs) * SLIP_TIMES < value:
                dropped.append((ndb, key, value))
    for ndb, key, _ in dropped:
        field = next(f for k, f, _ in MICRONUTRIENTS if k == key)
        abbrev[ndb][ABBREV_FIELDS.index(field)] = ''
    return dropped


def write_bounds(path, bounds):
    with open(path, 'w', encoding='utf-8', newline='') as out:
        out.write('category\tnutrient\tfence_per_100g\n')
        for (category, key), fence in sorted(bounds.items()):
            out.write(f'{category}\t{key}\t{fmt(fence)}\n')


def singular(word):
    return word[:-1] if len(word) > 3 and word.endswith('s') and not word.endswith('ss') else word


def borrow_micronutrients(foods, donors):
    """Vitamins and minerals for foods whose own record gives none (FNDDS survey foods),
    from the closest SR Legacy food of `donors`, matched as portions are, a plural
    counting as its singular ("Banana, raw" takes "Bananas, raw")."""
    def words(name):
        head, every = sibling_words(name)
        return frozenset(map(singular, head)), frozenset(map(singular, every))

    return borrow_from_sibling(foods, donors, 'micronutrients', words)


# Cooking or state words a food named without them is taken to be in ("Apple" is a raw
# apple, "Milk" whole milk) when its SR equivalent names them.
PLAIN_STATE = {'raw', 'whole', 'fresh'}
# Words that make a donor another food than one named without them.
OTHER_KIND = {'buttermilk', 'vegetable', 'egg', 'cured', 'corned', 'yogurt', 'imitation', 'substitute'}


def sr_equivalent(name_en, kcal, donors):
    """The SR Legacy food of `donors` a catalogue food is: the same head name (a plural
    as its singular), the same cooking and part words but for PLAIN_STATE, energy within
    15 %, and the most words alike (at least 40 %); None when there is none."""
    head = likeness_words(name_en.split(',')[0])
    mine = likeness_words(name_en)
    state = mine & SIBLING_STATE
    best = None
    for donor in donors:
        theirs = donor['words']
        if head != likeness_words(donor['name_en'].split(',')[0]):
            continue
        their_state = theirs & SIBLING_STATE
        if (theirs - mine) & OTHER_KIND:
            continue
        if not state <= their_state or not (their_state - state) <= PLAIN_STATE:
            continue
        if kcal is None or abs(donor['kcal'] - kcal) > 0.15 * max(kcal, donor['kcal']) + 5:
            continue
        score = len(mine & theirs) / len(mine | theirs)
        key = (score, -len(donor['name_en']))
        if score >= 0.4 and (best is None or key > best[0]):
            best = (key, donor)
    return best[1] if best else None


def portion_zh(amount, desc):
    words = desc.lower()
    for unit, zh in UNITS_ZH:
        if words == unit or words.startswith(unit + ' ') or words.startswith(unit + ','):
            return f'{amount:g} {zh}'
    return ''


def canonical(name):
    parts = [p.strip().lower() for p in name.split(',')]
    parts = [p for p in parts if p and p not in NOISE]
    return ', '.join(parts)


def main():
    to_pinyin('饭')  # pypinyin is needed: fail before any file is rewritten
    macros = list(csv.DictReader(open(os.path.join(USDA, 'fdc_macros_per100g.csv'), encoding='utf-8')))
    sr = {r['fdc_id']: r for r in csv.DictReader(open(os.path.join(USDA, 'derived_sr_legacy_per100g.csv'), encoding='utf-8'))}

    groups = {}
    names = {}
    ndb_by_desc = {}
    ndbs_by_parts = defaultdict(list)
    for fields in read_sr26('FOOD_DES.txt'):
        groups[fields[0]] = fields[1]
        names[fields[0]] = fields[2]
        ndb_by_desc.setdefault(fields[2].lower(), fields[0])
        ndbs_by_parts[name_parts(fields[2])].append(fields[0])
    abbrev = {}
    for fields in read_sr26('ABBREV.txt'):
        assert len(fields) == len(ABBREV_FIELDS), fields[:2]
        abbrev[fields[0]] = fields
    # Values that cannot be right are dropped before any food takes them.
    bounds = nutrient_bounds(abbrev, groups)
    dropped = drop_implausible(abbrev, groups, names, bounds)
    print(f'{len(dropped)} SR26 values of mixed dishes that cannot be right dropped, '
          f'among them ' + '; '.join(f'{names[n][:40]} {k} {v:g}' for n, k, v in dropped[:5]), file=sys.stderr)
    weights = defaultdict(list)
    for fields in read_sr26('WEIGHT.txt'):
        ndb, amount, desc, grams = fields[0], float(fields[2]), fields[3], float(fields[4])
        if grams > 0 and amount > 0:
            weights[ndb].append((grams, f'{amount:g} {desc}', portion_zh(amount, desc)))

    # The catalogue's foods stand for the USDA foods they were taken from, and for USDA
    # foods of the same name ("Hot and sour soup" once, in both languages).
    catalogue_ids = set()
    catalogue_names = set()
    catalogue = []
    with open(os.path.join(PROJECT, 'models', 'data', 'catalogue.tsv'), encoding='utf-8') as f:
        for row in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
            catalogue.append(row)
            catalogue_names.add(row['name_en'].lower())
            if row['reference'].startswith('usda:'):
                catalogue_ids.add(row['reference'][5:])

    bases = {}
    names_dir = os.path.join(OUT_DIR, 'names_zh')
    for part in sorted(os.listdir(names_dir)) if os.path.isdir(names_dir) else []:
        with open(os.path.join(names_dir, part), encoding='utf-8') as f:
            for row in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
                if row.get('name_zh'):
                    bases[row['name_en']] = row

    foods = []
    for row in macros:
        fdc_id = row['fdc_id']
        kcal = number(row['calories'])
        if kcal is None or fdc_id in catalogue_ids or row['description'].strip().lower() in catalogue_names:
            continue
        food = {
            'fdc_id': fdc_id,
            'name_en': row['description'].strip(),
            'kcal': kcal,
            'protein': number(row['proteinInGrams']) or 0.0,
            'fat': number(row['fatInGrams']) or 0.0,
            'carbs': number(row['carbohydratesInGrams']) or 0.0,
            'fiber': None, 'sugar': None, 'sodium': None,
            'portions': [],
            'category': '',
        }
        if fdc_id in sr:
            food['source'] = 'sr'
            s = sr[fdc_id]
            ndb = s['sr26_ndb_no'] or ndb_by_desc.get(food['name_en'].lower(), '')
            if s['sr26_ndb_no']:
                food['fiber'] = number(s['fiber_g_sr26'])
                food['sugar'] = number(s['sugar_g_sr26'])
                food['sodium'] = number(s['sodium_mg_sr26'])
            if ndb:
                food['category'] = SR_GROUPS.get(groups.get(ndb, ''), '')
                food['portions'] = weights.get(ndb, [])
            micro_ndb = micronutrient_ndb(s, abbrev, ndb_by_desc, ndbs_by_parts)
            if micro_ndb:
                food['micronutrients'] = sr_micronutrients(abbrev[micro_ndb])
        elif 2_300_000 <= int(fdc_id) < 2_400_000:
            food['source'] = 'fndds'
        else:
            food['source'] = 'foundation'
        named = chinese_name(food['name_en'], bases)
        if named:
            food['name_zh'] = named[0]
            food['category'] = named[1] or food['category']
        foods.append(food)

    # Duplicates: the same canonical name and the same values are one food.
    rank = {'sr': 0, 'foundation': 1, 'fndds': 2}
    by_name = defaultdict(list)
    for food in foods:
        by_name[canonical(food['name_en'])].append(food)
    kept = []
    for same_name in by_name.values():
        same_name.sort(key=lambda f: (-sum(f[n] is not None for n in ('fiber', 'sugar', 'sodium')), rank[f['source']], len(f['name_en']), int(f['fdc_id'])))
        clusters = []
        for food in same_name:
            for cluster in clusters:
                head = cluster[0]
                same_values = abs(head['kcal'] - food['kcal']) <= 0.03 * max(head['kcal'], food['kcal']) + 1 and all(
                    abs(head[n] - food[n]) <= 1.0 for n in ('protein', 'fat', 'carbs'))
                if same_values or head['name_en'].lower() == food['name_en'].lower():
                    cluster.append(food)
                    break
            else:
                clusters.append([food])
        for cluster in clusters:
            head = cluster[0]
            head['merged'] = [f['fdc_id'] for f in cluster[1:]]
            head['name_zh'] = head.get('name_zh') or next((f['name_zh'] for f in cluster if f.get('name_zh')), '')
            head['category'] = head['category'] or next((f['category'] for f in cluster if f['category']), '')
            if not head['portions']:
                head['portions'] = next((f['portions'] for f in cluster if f['portions']), [])
            head['micronutrients'] = next((f['micronutrients'] for f in cluster if f.get('micronutrients')), None)
            kept.append(head)
    kept.sort(key=lambda f: int(f['fdc_id']))
    borrowed = borrow_portions(kept)
    # Every SR Legacy food with trusted values may lend them, the catalogue's own too.
    donors = []
    for fdc_id, row in sr.items():
        ndb = micronutrient_ndb(row, abbrev, ndb_by_desc, ndbs_by_parts)
        if ndb:
            donors.append({'fdc_id': fdc_id, 'name_en': row['description'].strip(),
                           'words': likeness_words(row['description'].strip()),
                           'kcal': float(row['energy_kcal']),
                           'micronutrients': sr_micronutrients(abbrev[ndb])})
    borrowed_values = borrow_micronutrients(kept, donors)

    os.makedirs(OUT_DIR, exist_ok=True)
    columns = ['fdc_id', 'source', 'name_en', 'name_zh', 'pinyin', 'category', 'kcal', 'protein_g', 'fat_g',
               'carbs_g', 'fiber_g', 'sugar_g', 'sodium_mg', 'portions', 'merged']
    with open(os.path.join(OUT_DIR, 'foods.tsv'), 'w', encoding='utf-8', newline='') as out:
        out.write('\t'.join(columns) + '\n')
        for f in kept:
            # A portion taken from a like food is marked `|~`: the app shows it as about so much.
            mark = '|~' if f.get('portions_from') else ''
            portions = ';'.join(f'{fmt(g)}|{en}|{zh}{mark}' for g, en, zh in f['portions'])
            name_zh = f.get('name_zh', '')
            values = [f['fdc_id'], f['source'], f['name_en'], name_zh, to_pinyin(name_zh) if name_zh else '', f['category'],
                      fmt(f['kcal']), fmt(f['protein']), fmt(f['fat']), fmt(f['carbs']),
                      fmt(f['fiber']), fmt(f['sugar']), fmt(f['sodium']), portions, ' '.join(f['merged'])]
            assert not any('\t' in v or '\n' in v for v in values), values
            out.write('\t'.join(values) + '\n')
    merged = sum(len(f['merged']) for f in kept)
    named = sum(1 for f in kept if f.get('name_zh'))
    print(f'{len(kept)} foods ({merged} duplicates merged), {named} with Chinese names', file=sys.stderr)
    print(f'{borrowed} foods without portions of their own took a sibling\'s', file=sys.stderr)

    with_micro = write_micronutrients(os.path.join(OUT_DIR, 'micronutrients.tsv'), 'fdc_id',
                                      [(f['fdc_id'], f['micronutrients']) for f in kept if f['micronutrients']])
    print(f'{with_micro} foods with micronutrients (of {sum(f["source"] == "sr" for f in kept)} SR foods; '
          f'{borrowed_values} took a sibling SR food\'s)', file=sys.stderr)
    write_bounds(os.path.join(OUT_DIR, 'nutrient_bounds.tsv'), bounds)

    # The catalogue's foods: the values of the food their reference names.
    with open(CHINA_FCT, encoding='utf-8') as f:
        china = {row['foodCode']: row for row in csv.DictReader(f)}
    rows, found, equivalents = [], defaultdict(int), []
    for row in catalogue:
        source, _, ref = row['reference'].partition(':')
        values = None
        if source == 'usda' and ref in sr:
            ndb = micronutrient_ndb(sr[ref], abbrev, ndb_by_desc, ndbs_by_parts)
            values = sr_micronutrients(abbrev[ndb]) if ndb else None
            found['usda SR' if ndb else 'usda SR, no trusted SR26 row'] += 1
        elif source == 'usda':
            found['usda FNDDS/Foundation (none)'] += 1
        elif source == 'cfct' and (ref in china or ref.rstrip('abcdefghijklmnopqrstuvwxyz') in china):
            code = ref if ref in china else ref.rstrip('abcdefghijklmnopqrstuvwxyz')
            values = china_fct_values(china[code])
            # Nothing holds more than SR26's highest: beyond it, the OCR misread a cell.
            for i, (key, _, _) in enumerate(MICRONUTRIENTS):
                if values[i] and float(values[i]) > bounds[('*', key)]:
                    values[i] = ''
            found['cfct code' if code == ref else 'cfct code without its letter'] += 1
        else:
            found[f'not found ({source})'] += 1
        if not values or not all(values):
            # What its own reference does not give (FNDDS or an untrusted SR row: all;
            # the China table: vitamins D, K, B6, folate, B12 and the fatty acids), its
            # SR equivalent's values.
            equivalent = sr_equivalent(row['name_en'], number(row['kcal']), donors)
            if equivalent:
                values = [own or theirs for own, theirs in
                          zip(values or [''] * len(MICRONUTRIENTS), equivalent['micronutrients'])]
                found['completed from its SR equivalent'] += 1
                equivalents.append(f"{row['name_en']} <- {equivalent['name_en']}")
        if values:
            rows.append((row['key'], values))
    written = write_micronutrients(os.path.join(PROJECT, 'models', 'data', 'catalogue_micronutrients.tsv'), 'key', rows)
    with open(os.path.join(OUT_DIR, 'catalogue_equivalents.txt'), 'w', encoding='utf-8') as out:
        out.write('\n'.join(equivalents) + '\n')
    print(f'{written} of {len(catalogue)} catalogue foods with micronutrients; references: '
          + ', '.join(f'{n} {what}' for what, n in sorted(found.items())), file=sys.stderr)


if __name__ == '__main__':
    main()
