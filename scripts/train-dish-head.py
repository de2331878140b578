#!/usr/bin/env python3
"""Trains the dish recogniser's head: a softmax (multinomial logistic) layer over the
1,280-value `embedding` of ../shared/data/models/efficientnet_lite0.onnx.

    pip install onnxruntime numpy pillow
    scripts/train-dish-head.py [--data DIR] [--out FILE] [--extra FOLDER ...]

Photos: DIR/images/chinesefoodnet20/{train,val}/NN_<dish>/*.jpg (20 Chinese dishes) and
DIR/images/food101_subset/train/<dish>/*.jpg (21 Western and Asian dishes); `--extra FOLDER`
adds an operator's own photos, one sub-folder a dish (the folder name is the class). The
head is trained on chinesefoodnet20/train and the food101 photos (80 % of each class) and
measured on chinesefoodnet20/val and the held-back 20 % of food101, which it never sees.

Writes FILE (default models/data/dish_head.json): the classes, the weights and bias, the
preprocessing it assumes, and the measured top-1 / top-3. Licences of the photos: see
../shared/data/PROVENANCE.md (ChineseFoodNet and Food-101 are research datasets); the
file says so, and retraining on one's own photos is this script with --extra.
"""
import argparse
import json
import os
import sys

import numpy as np
import onnxruntime as ort
from PIL import Image

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)


def preprocess(path):
    """Shorter side to 256, centre crop 224, ImageNet normalisation, NCHW."""
    img = Image.open(path).convert('RGB')
    w, h = img.size
    scale = 256 / min(w, h)
    img = img.resize((max(224, round(w * scale)), max(224, round(h * scale))), Image.BILINEAR)
    w, h = img.size
    left, top = (w - 224) // 2, (h - 224) // 2
    img = img.crop((left, top, left + 224, top + 224))
    x = (np.asarray(img, dtype=np.float32) / 255.0 - MEAN) / STD
    return x.transpose(2, 0, 1)


def embed(session, paths, batch=32):
    out = []
    for i in range(0, len(paths), batch):
        x = np.stack([preprocess(p) for p in paths[i:i + batch]])
        out.append(session.run(['embedding'], {'input': x})[0])
        print(f'\r  embedded {min(i + batch, len(paths))}/{len(paths)}', end='', file=sys.stderr)
    print(file=sys.stderr)
    return np.concatenate(out).astype(np.float32)


def photos(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.lower().endswith(('.jpg', '.jpeg', '.png')))


def dish_name(folder_name):
    # "00_麻婆豆腐" -> "麻婆豆腐"; "fried_rice" -> "fried rice"
    head, _, rest = folder_name.partition('_')
    return rest if head.isdigit() and rest else folder_name.replace('_', ' ')


def train(x, y, classes, epochs=600, lr=1.0, l2=3e-3):
    """Full-batch gradient descent on the softmax cross-entropy with L2."""
    n, d = x.shape
    w = np.zeros((d, classes), dtype=np.float32)
    b = np.zeros(classes, dtype=np.float32)
    onehot = np.eye(classes, dtype=np.float32)[y]
    for _ in range(epochs):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = (p - onehot) / n
        w -= lr * (x.T @ grad + l2 * w)
        b -= lr * grad.sum(axis=0)
    return w, b


def topk(x, y, w, b, k):
    ranked = np.argsort(-(x @ w + b), axis=1)[:, :k]
    return float(np.mean([yi in r for yi, r in zip(y, ranked)]))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    project = os.path.dirname(here)
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default=os.path.join(project, '..', 'shared', 'data'))
    parser.add_argument('--out', default=os.path.join(project, 'models', 'data', 'dish_head.json'))
    parser.add_argument('--extra', nargs='*', default=[])
    args = parser.parse_args()

    session = ort.InferenceSession(os.path.join(args.data, 'models', 'efficientnet_lite0.onnx'),
                                   providers=['CPUExecutionProvider'])
    classes, train_paths, train_y, test_paths, test_y = [], [], [], [], []

    def class_of(name):
        if name not in classes:
            classes.append(name)
        return classes.index(name)

    rng = np.random.default_rng(2026)
    cfn = os.path.join(args.data, 'images', 'chinesefoodnet20')
    for split, paths, ys in (('train', train_paths, train_y), ('val', test_paths, test_y)):
        for folder in sorted(os.listdir(os.path.join(cfn, split))):
            c = class_of(dish_name(folder))
            found = photos(os.path.join(cfn, split, folder))
            paths += found
            ys += [c] * len(found)
    sources = [os.path.join(args.data, 'images', 'food101_subset', 'train')] + args.extra
    for root in sources:
        for folder in sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))):
            c = class_of(dish_name(folder))
            found = photos(os.path.join(root, folder))
            order = rng.permutation(len(found))
            cut = int(len(found) * 0.8)
            for rank, i in enumerate(order):
                (train_paths if rank < cut else test_paths).append(found[i])
                (train_y if rank < cut else test_y).append(c)

    print(f'{len(classes)} dishes, {len(train_paths)} training photos, {len(test_paths)} held back',
          file=sys.stderr)
    x_train, x_test = embed(session, train_paths), embed(session, test_paths)
    # Standardised features train faster; the mean and scale ship with the head.
    mean, scale = x_train.mean(axis=0), x_train.std(axis=0) + 1e-6
    w, b = train((x_train - mean) / scale, np.array(train_y), len(classes))
    x_eval = (x_test - mean) / scale
    y_test = np.array(test_y)
    top1, top3 = topk(x_eval, y_test, w, b, 1), topk(x_eval, y_test, w, b, 3)
    cfn_test = np.array([p.startswith(cfn) for p in test_paths])
    report = {
        'held_back_photos': len(test_paths),
        'top1': round(top1, 3),
        'top3': round(top3, 3),
        'chinesefoodnet20_val_top1': round(topk(x_eval[cfn_test], y_test[cfn_test], w, b, 1), 3),
        'chinesefoodnet20_val_top3': round(topk(x_eval[cfn_test], y_test[cfn_test], w, b, 3), 3),
    }
    print(json.dumps(report), file=sys.stderr)
    head = {
        'model': 'efficientnet_lite0.onnx output "embedding" (1,280 values)',
        'preprocess': 'RGB, shorter side 256 (bilinear), centre crop 224, (x/255 - mean)/std, '
                      'mean [0.485,0.456,0.406], std [0.229,0.224,0.225], NCHW',
        'features': 'standardised: (embedding - feature_mean) / feature_scale',
        'trained_on': 'images/chinesefoodnet20/train (ChineseFoodNet, research use) and 80 % of '
                      'images/food101_subset (Food-101, research use); see ../shared/data/PROVENANCE.md. '
                      'Retrain on your own photos: scripts/train-dish-head.py --extra FOLDER',
        'measured': report,
        'classes': classes,
        'feature_mean': [round(float(v), 5) for v in mean],
        'feature_scale': [round(float(v), 5) for v in scale],
        'bias': [round(float(v), 5) for v in b],
        # weights[class][feature]
        'weights': [[round(float(v), 5) for v in row] for row in w.T],
    }
    with open(args.out, 'w', encoding='utf-8') as f:
        json.dump(head, f, ensure_ascii=False, separators=(',', ':'))
    print(f'wrote {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
