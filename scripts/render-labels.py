#!/usr/bin/env python3
"""Renders nutrition labels to read back: Chinese 营养成分表 (GB 28050) and US Nutrition
Facts panels with randomised but realistic values, layouts and wording, clean and
photo-like (tilt, perspective, blur, glare, low light, far away, JPEG q40-70), as JPEGs
plus `labels.json`, the values printed on each and what they are per 100 g.

    python3 scripts/render-labels.py                      # the committed set
    python3 scripts/render-labels.py --seed 7 --count 120 --out /tmp/labels-dev

The committed set (worker/tests/labels/) is rendered with the default seed; develop
against other seeds so the reader is not tuned to it. Needs Pillow and numpy, and the
fonts fonts-wqy-microhei and fonts-dejavu-core (apt-get install -y fonts-wqy-microhei).
"""

import argparse
import io
import json
import math
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SANS_CONDENSED = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"
SANS_CONDENSED_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"
KJ_PER_KCAL = 4.184

# Typical foods per 100 g: protein, fat, carbohydrate, fibre, sugar (g), sodium (mg).
FOODS = [
    ("biscuits", 7.0, 20.0, 66.0, 2.5, 22.0, 380),
    ("milk", 3.2, 3.6, 4.8, 0.0, 4.8, 55),
    ("instant noodles", 9.5, 21.0, 60.0, 2.0, 3.0, 1900),
    ("potato chips", 6.5, 34.0, 52.0, 4.0, 1.5, 600),
    ("yogurt", 2.9, 2.8, 14.5, 0.0, 12.5, 60),
    ("peanuts", 25.0, 47.0, 17.0, 8.0, 4.0, 420),
    ("bread", 8.5, 4.0, 49.0, 2.7, 6.0, 450),
    ("soy milk", 3.0, 1.6, 2.0, 0.5, 1.0, 30),
    ("chocolate", 7.5, 31.0, 58.0, 3.0, 50.0, 80),
    ("oats", 13.0, 6.5, 66.0, 10.0, 1.0, 5),
    ("canned fish", 22.0, 12.0, 2.0, 0.0, 1.0, 520),
    ("juice drink", 0.2, 0.0, 11.0, 0.0, 10.5, 15),
    ("sausage", 12.0, 25.0, 8.0, 0.0, 3.0, 980),
    ("rice cracker", 6.0, 12.0, 78.0, 1.0, 6.0, 520),
    ("cereal bar", 6.0, 14.0, 68.0, 6.0, 28.0, 160),
    ("tofu", 8.0, 4.5, 2.5, 0.8, 0.5, 10),
]


def vary(rng, value, spread=0.25):
    return max(0.0, value * rng.uniform(1 - spread, 1 + spread))


def round1(x):
    return math.floor(x * 10 + 0.5) / 10


def number(x):
    """As printed: 12.0 -> "12", 6.5 -> "6.5"."""
    x = round1(x)
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def font(path, size):
    return ImageFont.truetype(path, size)


def text_width(draw, text, f):
    return draw.textlength(text, font=f)


def nutrition(rng):
    _, p, f, c, fib, sug, na = rng.choice(FOODS)
    p, f, c, fib = vary(rng, p), vary(rng, f), vary(rng, c), vary(rng, fib)
    # Water and ash take their share: the macros of real food stay under 100 g.
    total = p + f + c
    if total > 95:
        p, f, c = p * 95 / total, f * 95 / total, c * 95 / total
    sug = min(vary(rng, sug), c)
    na = vary(rng, na, 0.35)
    return {"protein": p, "fat": f, "carbs": c, "fiber": fib, "sugar": sug, "sodium": na}


# ---------------------------------------------------------------------------------------
# Chinese 营养成分表


def chinese_label(rng):
    food = nutrition(rng)
    liquid = food["carbs"] < 15 and food["fat"] < 5 and rng.random() < 0.5
    basis = rng.choices(["100g", "serving"], weights=[3, 1])[0]
    if liquid and basis == "100g":
        basis = "100ml"
    serving_g = rng.choice([15, 20, 25, 30, 35, 40, 45, 50, 60, 80]) if basis == "serving" else None
    factor = serving_g / 100 if serving_g else 1.0
    printed = {
        "protein": round1(food["protein"] * factor),
        "fat": round1(food["fat"] * factor),
        "carbs": round1(food["carbs"] * factor),
        "sodium": round(food["sodium"] * factor),
    }
    extras = []
    if rng.random() < 0.45:
        printed["fiber"] = round1(food["fiber"] * factor)
        extras.append("fiber")
    if rng.random() < 0.45:
        printed["sugar"] = round1(food["sugar"] * factor)
        extras.append("sugar")
    # GB 28050 energy: 17 kJ/g protein and carbohydrate, 37 fat, 8 fibre.
    kj = 17 * printed["protein"] + 37 * printed["fat"] + 17 * printed["carbs"] + 8 * printed.get("fiber", 0)
    printed["energy_kj"] = round(kj)

    name_energy = rng.choice(["能量", "能量", "能量", "热量"])
    g_unit = rng.choice(["克", "g", "克(g)", " g"])
    kj_unit = rng.choice(["千焦", "kJ", "千焦(kJ)", " kJ", "KJ"])
    mg_unit = rng.choice(["毫克", "mg", "毫克(mg)", " mg"])
    if basis == "100g":
        head = rng.choice(["每100克", "每100g", "每100克(g)", "每 100 g"])
    elif basis == "100ml":
        head = rng.choice(["每100毫升", "每100mL", "每100毫升(mL)", "每100ml"])
    else:
        head = rng.choice([f"每份({serving_g}克)", f"每份 {serving_g}g", "每份"])
    serving_line = None
    if basis == "serving" and head == "每份":
        serving_line = rng.choice([f"份量：{serving_g}克", f"每份：{serving_g}g", f"食用份量: {serving_g}克"])
    nrv = rng.choice(["NRV%", "营养素参考值%", "NRV %"])
    nrv_of = {
        "energy": printed["energy_kj"] / 8400,
        "protein": printed["protein"] / 60,
        "fat": printed["fat"] / 60,
        "carbs": printed["carbs"] / 300,
        "sodium": printed["sodium"] / 2000,
        "fiber": printed.get("fiber", 0) / 25,
        "sugar": None,
    }
    rows = [("energy", name_energy, f"{printed['energy_kj']}{kj_unit}")]
    rows.append(("protein", "蛋白质", f"{number(printed['protein'])}{g_unit}"))
    rows.append(("fat", "脂肪", f"{number(printed['fat'])}{g_unit}"))
    if rng.random() < 0.3:
        sat = round1(printed["fat"] * rng.uniform(0.2, 0.6))
        rows.append(("saturated", rng.choice(["—饱和脂肪", "  饱和脂肪", "-饱和脂肪酸"]), f"{number(sat)}{g_unit}"))
    if rng.random() < 0.3:
        rows.append(("trans", rng.choice(["—反式脂肪", "  反式脂肪酸", "-反式脂肪酸"]), f"0{g_unit}"))
    rows.append(("carbs", "碳水化合物", f"{number(printed['carbs'])}{g_unit}"))
    if "sugar" in extras:
        rows.append(("sugar", rng.choice(["—糖", "  糖", "-糖"]), f"{number(printed['sugar'])}{g_unit}"))
    if "fiber" in extras:
        rows.append(("fiber", "膳食纤维", f"{number(printed['fiber'])}{g_unit}"))
    rows.append(("sodium", "钠", f"{printed['sodium']}{mg_unit}"))
    if rng.random() < 0.25:
        rows.append(("calcium", "钙", f"{rng.randint(20, 200)}{mg_unit}"))

    size = rng.randint(26, 36)
    f = font(CJK_FONT, size)
    fb = font(CJK_FONT, int(size * 1.25))
    pad = int(size * 0.6)
    row_h = int(size * rng.uniform(1.5, 1.9))
    col = [0, int(size * rng.uniform(6.0, 7.0)), 0]
    col[2] = col[1] + int(size * rng.uniform(6.5, 8.0))
    width = col[2] + int(size * 5.5) + 2 * pad
    lines = 1 + (1 if serving_line else 0) + 1 + len(rows)
    height = lines * row_h + 2 * pad + int(size * 0.9)
    img = Image.new("L", (width, height), 255)
    d = ImageDraw.Draw(img)
    ink = rng.randint(0, 50)
    border = rng.random() < 0.7
    y = pad
    title = rng.choice(["营养成分表", "营养成分表", "营养成分"])
    tx = (width - text_width(d, title, fb)) / 2 if rng.random() < 0.6 else pad
    d.text((tx, y), title, font=fb, fill=ink)
    y += int(row_h * 1.2)
    if serving_line:
        d.text((pad, y), serving_line, font=f, fill=ink)
        y += row_h
    if border:
        d.line((pad / 2, y - row_h * 0.15, width - pad / 2, y - row_h * 0.15), fill=ink, width=2)
    right_align = rng.random() < 0.4
    header = ["项目", head, nrv]
    for i, cell in enumerate(header):
        d.text((pad + col[i], y), cell, font=f, fill=ink)
    y += row_h
    if border:
        d.line((pad / 2, y - row_h * 0.15, width - pad / 2, y - row_h * 0.15), fill=ink, width=1)
    for key, name, value in rows:
        d.text((pad + col[0], y), name, font=f, fill=ink)
        if right_align:
            d.text((pad + col[2] - size - text_width(d, value, f), y), value, font=f, fill=ink)
        else:
            d.text((pad + col[1], y), value, font=f, fill=ink)
        share = nrv_of.get(key)
        if share is not None and key not in ("saturated", "trans", "calcium"):
            d.text((pad + col[2], y), f"{round(share * 100)}%", font=f, fill=ink)
        elif key in ("trans", "saturated"):
            d.text((pad + col[2], y), "0%" if key == "trans" else f"{rng.randint(3, 30)}%", font=f, fill=ink)
        y += row_h
    if border:
        d.rectangle((pad / 2, pad / 2, width - pad / 2, y), outline=ink, width=3)
    truth = {
        "kind": "gb28050",
        "basis": basis,
        "serving_grams": serving_g,
        "printed": printed,
    }
    return img, truth


# ---------------------------------------------------------------------------------------
# US Nutrition Facts


SERVINGS = [
    ("2/3 cup", 55), ("1 cup", 240), ("1 bar", 40), ("1 package", 28), ("3/4 cup", 30),
    ("2 cookies", 32), ("1 container", 150), ("8 crackers", 30), ("1/4 cup", 35), ("1 can", 355),
    ("2 tbsp", 32), ("1 pouch", 90),
]


def us_label(rng):
    food = nutrition(rng)
    household, grams = rng.choice(SERVINGS)
    grams = max(10, int(grams * rng.uniform(0.8, 1.2)))
    factor = grams / 100
    printed = {
        "protein": round(food["protein"] * factor),
        "fat": round1(food["fat"] * factor) if food["fat"] * factor < 5 else round(food["fat"] * factor),
        "carbs": round(food["carbs"] * factor),
        "sodium": round(food["sodium"] * factor / 5) * 5,
    }
    old_style = rng.random() < 0.3
    printed["fiber"] = round(food["fiber"] * factor)
    printed["sugar"] = round(food["sugar"] * factor)
    printed["sugar"] = min(printed["sugar"], printed["carbs"])
    kcal = 4 * printed["protein"] + 9 * printed["fat"] + 4 * printed["carbs"]
    printed["calories"] = int(round(kcal * rng.uniform(0.96, 1.04) / 5) * 5) if kcal > 50 else int(round(kcal))

    size = rng.randint(22, 30)
    fn = font(SANS, size)
    fbold = font(SANS_BOLD, size)
    if rng.random() < 0.4:
        fn, fbold = font(SANS_CONDENSED, size), font(SANS_CONDENSED_BOLD, size)
    ftitle = font(SANS_BOLD, int(size * 2.1))
    while ImageDraw.Draw(Image.new("L", (1, 1))).textlength("Nutrition Facts", font=ftitle) > size * 15.5:
        ftitle = font(SANS_BOLD, ftitle.size - 1)
    fcal = font(SANS_BOLD, int(size * (1.9 if not old_style else 1.0)))
    # The FDA's 2016 format prints the number larger still, level with the foot of
    # "Calories", so that it rises beside "Amount per serving" above it.
    fnum = font(SANS_BOLD, int(size * rng.uniform(2.3, 3.0))) if not old_style else fcal
    pad = int(size * 0.7)
    # Wide enough that a row's left and right parts never touch (a printed panel keeps
    # a clear gap between them).
    measure = ImageDraw.Draw(Image.new("L", (1, 1))).textlength
    widest = max(
        measure("Calories ", font=fcal) + measure("9999", font=fnum) + measure("Calories from Fat 990", font=fn),
        measure("Total Carbohydrates ", font=fbold) + measure("999g", font=fn) + measure("100%", font=fbold),
        measure("Serving size", font=fbold) + measure("1 container (355g)", font=fbold),
    )
    width = max(int(size * 17), int(widest + 1.5 * size + 2 * pad))
    row_h = int(size * 1.45)
    img = Image.new("L", (width, int(size * 32)), 255)
    d = ImageDraw.Draw(img)
    ink = rng.randint(0, 40)
    y = pad
    d.text((pad, y), "Nutrition Facts", font=ftitle, fill=ink)
    y += int(size * 2.6)
    serving_text = f"{household} ({grams}g)"
    if not old_style:
        d.text((pad, y), f"{rng.randint(2, 12)} servings per container", font=fn, fill=ink)
        y += row_h
        d.text((pad, y), "Serving size", font=fbold, fill=ink)
        d.text((width - pad - text_width(d, serving_text, fbold), y), serving_text, font=fbold, fill=ink)
        y += row_h
    else:
        d.text((pad, y), f"Serving Size {serving_text}", font=fn, fill=ink)
        y += row_h
        d.text((pad, y), f"Servings Per Container {rng.randint(2, 12)}", font=fn, fill=ink)
        y += row_h
    d.rectangle((pad, y + 4, width - pad, y + 4 + int(size * 0.5)), fill=ink)
    y += int(size * 0.9)
    d.text((pad, y), "Amount per serving" if not old_style else "Amount Per Serving", font=fbold, fill=ink)
    y += row_h
    if not old_style:
        d.text((pad, y), "Calories", font=fcal, fill=ink)
        cal = str(printed["calories"])
        foot = y + d.textbbox((0, 0), "Calories", font=fcal)[3]
        rise = d.textbbox((0, 0), cal, font=fnum)[3]
        d.text((width - pad - text_width(d, cal, fnum), foot - rise), cal, font=fnum, fill=ink)
        y += int(size * 2.3)
    else:
        d.text((pad, y), f"Calories {printed['calories']}", font=fbold, fill=ink)
        from_fat = f"Calories from Fat {int(round(printed['fat'] * 9 / 10) * 10)}"
        d.text((width - pad - text_width(d, from_fat, fn), y), from_fat, font=fn, fill=ink)
        y += row_h
    d.line((pad, y, width - pad, y), fill=ink, width=3)
    y += 6
    dv = "% Daily Value*"
    d.text((width - pad - text_width(d, dv, fbold), y), dv, font=fbold, fill=ink)
    y += row_h

    def row(name, amount, percent, bold, indent=0):
        nonlocal y
        d.line((pad + indent, y - 3, width - pad, y - 3), fill=ink, width=1)
        x = pad + indent
        d.text((x, y), name, font=fbold if bold else fn, fill=ink)
        x += text_width(d, name, fbold if bold else fn) + size * 0.35
        d.text((x, y), amount, font=fn, fill=ink)
        if percent is not None:
            p = f"{percent}%"
            d.text((width - pad - text_width(d, p, fbold), y), p, font=fbold, fill=ink)
        y += row_h

    fat = number(printed["fat"])
    row("Total Fat", f"{fat}g", round(printed["fat"] / 78 * 100), True)
    row("Saturated Fat", f"{number(printed['fat'] * rng.uniform(0.1, 0.5))}g", rng.randint(0, 30), False, size)
    row("Trans Fat", "0g", None, False, size)
    row("Cholesterol", f"{rng.choice([0, 0, 5, 10, 20])}mg", rng.randint(0, 7), True)
    row("Sodium", f"{printed['sodium']}mg", round(printed["sodium"] / 2300 * 100), True)
    carbs_name = rng.choice(["Total Carbohydrate", "Total Carbohydrate", "Total Carbs", "Total Carbohydrates"])
    row(carbs_name, f"{printed['carbs']}g", round(printed["carbs"] / 275 * 100), True)
    row("Dietary Fiber", f"{printed['fiber']}g", round(printed["fiber"] / 28 * 100), False, size)
    if not old_style:
        row("Total Sugars", f"{printed['sugar']}g", None, False, size)
        added = min(printed["sugar"], rng.randint(0, printed["sugar"] + 1))
        row(f"Includes {added}g Added Sugars", "", round(added / 50 * 100), False, 2 * size)
    else:
        row("Sugars", f"{printed['sugar']}g", None, False, size)
    row("Protein", f"{printed['protein']}g", None, True)
    d.rectangle((pad, y, width - pad, y + int(size * 0.4)), fill=ink)
    y += int(size * 0.8)
    vit = rng.choice(["Vitamin D 2mcg 10%", "Calcium 20mg 2%", "Iron 1mg 6%", "Potassium 180mg 4%"])
    d.text((pad, y), vit, font=fn, fill=ink)
    y += row_h + pad
    img = img.crop((0, 0, width, y))
    d = ImageDraw.Draw(img)
    d.rectangle((2, 2, width - 3, y - 3), outline=ink, width=2)
    truth = {
        "kind": "us",
        "basis": "serving",
        "serving_grams": grams,
        "printed": printed,
    }
    return img, truth


# ---------------------------------------------------------------------------------------
# From the printed values to what the reader should answer: per 100 g.


def per_100g(truth):
    p = truth["printed"]
    factor = 100 / truth["serving_grams"] if truth["basis"] == "serving" else 1.0
    out = {}
    if "energy_kj" in p:
        out["calories"] = p["energy_kj"] / KJ_PER_KCAL * factor
    else:
        out["calories"] = p["calories"] * factor
    for key in ("protein", "fat", "carbs", "fiber", "sugar", "sodium"):
        if key in p:
            out[key] = p[key] * factor
    # Unrounded (to 3 places): the reader rounds to 0.1, so it is right within 0.05.
    return {k: round(v, 3) for k, v in out.items()}


# ---------------------------------------------------------------------------------------
# Photographs of a label


def perspective_coefficients(src, dst):
    """PIL's PERSPECTIVE data mapping output points `dst` to input points `src`."""
    a = []
    b = []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, dtype=float), np.array(b, dtype=float)).tolist()


def background(rng, w, h):
    base = np.array([rng.randint(60, 220) for _ in range(3)], dtype=float)
    yy, xx = np.mgrid[0:h, 0:w]
    grad = (xx / w * rng.uniform(-40, 40) + yy / h * rng.uniform(-40, 40))[..., None]
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, 6, (h, w, 1))
    return np.clip(base + grad + noise, 0, 255)


def photograph(rng, label):
    """The label as a phone would see it: on a package, tilted, in perspective, blurred,
    with glare or in low light, perhaps far away; as JPEG bytes."""
    label = label.convert("RGB")
    paper = np.array(label, dtype=float)
    tint = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.85, 1.0), rng.uniform(0.8, 1.0)])
    paper = paper * tint
    lw, lh = label.size
    far = rng.random() < 0.3
    fill = rng.uniform(0.4, 0.55) if far else rng.uniform(0.7, 0.88)
    out_w = rng.randint(900, 1100)
    out_h = int(out_w * rng.uniform(1.0, 1.4)) if lh > lw else int(out_w * rng.uniform(0.75, 1.0))
    scale = min(out_w * fill / lw, out_h * fill / lh)
    sw, sh = lw * scale, lh * scale
    cx = out_w / 2 + rng.uniform(-0.08, 0.08) * out_w
    cy = out_h / 2 + rng.uniform(-0.08, 0.08) * out_h
    angle = math.radians(rng.uniform(-8, 8))
    jitter = 0.06 * min(sw, sh)
    corners = []
    for (dx, dy) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]:
        x, y = dx * sw, dy * sh
        x, y = x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)
        corners.append((cx + x + rng.uniform(-jitter, jitter), cy + y + rng.uniform(-jitter, jitter)))
    src = [(0, 0), (lw, 0), (lw, lh), (0, lh)]
    coeffs = perspective_coefficients(src, corners)
    warped = Image.fromarray(np.clip(paper, 0, 255).astype(np.uint8)).transform(
        (out_w, out_h), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=(0, 0, 0))
    mask = Image.new("L", (lw, lh), 255).transform((out_w, out_h), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    m = np.array(mask, dtype=float)[..., None] / 255
    photo = np.array(warped, dtype=float) * m + background(rng, out_w, out_h) * (1 - m)
    effect = rng.choice(["glare", "dark", "plain", "glare", "dark"])
    yy, xx = np.mgrid[0:out_h, 0:out_w]
    if effect == "glare":
        gx, gy = rng.uniform(0.2, 0.8) * out_w, rng.uniform(0.2, 0.8) * out_h
        r = rng.uniform(0.25, 0.5) * out_w
        glare = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * r * r))[..., None]
        photo = photo + (255 - photo) * glare * rng.uniform(0.3, 0.55)
    elif effect == "dark":
        photo = photo * rng.uniform(0.35, 0.6)
        photo += np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(3, 7), photo.shape)
    # Uneven light across the frame, as under a lamp.
    shade = 1 - rng.uniform(0, 0.25) * (xx / out_w if rng.random() < 0.5 else yy / out_h)
    photo = photo * shade[..., None]
    img = Image.fromarray(np.clip(photo, 0, 255).astype(np.uint8))
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.3 if not far else 0.8)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=rng.randint(40, 70))
    return buf.getvalue()


def clean(rng, label):
    """A straight scan of the label: white margin, good JPEG."""
    label = label.convert("RGB")
    lw, lh = label.size
    margin = rng.randint(20, 60)
    page = Image.new("RGB", (lw + 2 * margin, lh + 2 * margin), (255, 255, 255))
    page.paste(label, (margin, margin))
    longest = max(page.size)
    if longest > 1000:
        page = page.resize((int(page.width * 1000 / longest), int(page.height * 1000 / longest)), Image.LANCZOS)
    buf = io.BytesIO()
    page.save(buf, "JPEG", quality=75)
    return buf.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=2817)
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "worker", "tests", "labels"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.endswith(".jpg"):
            os.remove(os.path.join(args.out, old))
    labels = []
    for i in range(args.count):
        kind = "gb28050" if i % 2 == 0 else "us"
        photo = (i // 2) % 3 != 0
        label, truth = chinese_label(rng) if kind == "gb28050" else us_label(rng)
        data = photograph(rng, label) if photo else clean(rng, label)
        name = f"{i:03d}-{'cn' if kind == 'gb28050' else 'us'}-{'photo' if photo else 'clean'}.jpg"
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(data)
        truth = {"file": name, "photo": photo, **truth, "per_100g": per_100g(truth)}
        labels.append(truth)
    with open(os.path.join(args.out, "labels.json"), "w", encoding="utf-8") as f:
        json.dump({"seed": args.seed, "labels": labels}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    total = sum(os.path.getsize(os.path.join(args.out, l["file"])) for l in labels)
    print(f"{len(labels)} labels, {total / 1e6:.2f} MB in {args.out}")


if __name__ == "__main__":
    main()
