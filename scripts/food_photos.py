"""What the training scripts share about photos: the worker's preprocessing, the random crop
and mirror their augmentations start from, and the dish folders' names.

    import food_photos   (from a script in this folder)
"""
import os

import numpy as np
from PIL import Image

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)


def to_input(img):
    """Shorter side to 256, centre crop 224, ImageNet normalisation, CHW (as the worker does)."""
    w, h = img.size
    scale = 256 / min(w, h)
    img = img.resize((max(224, round(w * scale)), max(224, round(h * scale))), Image.BILINEAR)
    w, h = img.size
    left, top = (w - 224) // 2, (h - 224) // 2
    img = img.crop((left, top, left + 224, top + 224))
    x = (np.asarray(img, dtype=np.float32) / 255.0 - MEAN) / STD
    return x.transpose(2, 0, 1)


def crop_and_mirror(img, rng, min_area):
    """A random crop (min_area-100 % of the area, aspect 3:4-4:3), mirrored on a coin flip."""
    w, h = img.size
    cw, ch = w, h
    for _ in range(10):
        area = rng.uniform(min_area, 1.0) * w * h
        aspect = np.exp(rng.uniform(np.log(3 / 4), np.log(4 / 3)))
        tw, th = int(round(np.sqrt(area * aspect))), int(round(np.sqrt(area / aspect)))
        if tw <= w and th <= h:
            cw, ch = tw, th
            break
    left, top = int(rng.integers(0, w - cw + 1)), int(rng.integers(0, h - ch + 1))
    img = img.crop((left, top, left + cw, top + ch))
    if rng.random() < 0.5:
        img = img.transpose(Image.FLIP_LEFT_RIGHT)
    return img


def photos(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.lower().endswith(('.jpg', '.jpeg', '.png')))


def dish_name(folder_name):
    """"00_麻婆豆腐" -> "麻婆豆腐"; "fried_rice" -> "fried rice"."""
    head, _, rest = folder_name.partition('_')
    return rest if head.isdigit() and rest else folder_name.replace('_', ' ')
