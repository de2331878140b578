#!/usr/bin/env python3
"""Trains the dish recogniser's head: a softmax (multinomial logistic) layer over the
1,280-value `embedding` of ../shared/data/models/efficientnet_lite0.onnx, its temperature and
its "none of my dishes" rule.

    pip install onnxruntime numpy pillow
    scripts/train-dish-head.py [--data DIR] [--out FILE] [--extra FOLDER ...] [--threads N] [--tune]

About 6 minutes on 2 busy cores (--threads 1; mostly the 3,070 x 8 + 620 forward passes);
--tune adds 35 more fits (about 10 minutes).

Photos: DIR/images/chinesefoodnet20/{train,val}/NN_<dish>/*.jpg (20 Chinese dishes) and
DIR/images/food101_subset/train/<dish>/*.jpg (21 Western and Asian dishes); `--extra FOLDER`
adds an operator's own photos, one sub-folder a dish (the folder name is the class). The
head is trained on chinesefoodnet20/train and the food101 photos (80 % of each class, the
same seeded split as before) and measured on chinesefoodnet20/val and the held-back 20 % of
food101, which it never sees: nothing below is tuned on them.

How it trains (all seeded, so two runs on one machine write the same file):
- Augmentation, training photos only: each photo gives 8 embeddings, its centre crop, the
  mirrored centre crop and 6 random views (a crop of 45-100 % of the area, aspect 3:4-4:3,
  mirrored half the time, brightness / contrast x0.75-1.25, saturation x0.7-1.3, with PIL),
  each then preprocessed exactly as at inference. Inference stays ONE centre crop.
- Features z = (embedding - feature_mean) / feature_scale (mean and scale of the training
  photos' centre crops). The 1,000 ImageNet logits as extra features were tried and dropped:
  5-fold CV top-1 0.593 vs 0.603 on the embedding alone, and twice the file size.
- Softmax cross-entropy + L2 (`L2` below) by full-batch Nesterov gradient descent (lr 0.5,
  momentum 0.9, 200 epochs: converged, so the epoch count is not a hidden regulariser).
  L2 and the views were chosen by 5-fold cross-validation WITHIN the training photos (folds
  stratified by dish, the views of a photo stay in its fold, the left-out fold is scored on
  its centre crops): best CV top-1, ties broken by CV log-loss. Grid (CV top-1 / log-loss),
  8 views: L2 0.003 0.600/1.481, 0.01 0.615/1.349, 0.02 0.626/1.322, 0.03 0.631/1.326,
  0.04 0.631/1.338, 0.06 0.626/1.371, 0.1 0.617/1.444; centre crop only: best 0.607/1.389
  (L2 0.01-0.04). Those were measured while developing; `--tune` re-runs the grid and uses
  its winner. The classes hold 67-80 training photos each, so no class weighting.
- Temperature: the out-of-fold logits of that 5-fold CV (each training photo scored by a
  head that never saw it) -> the scalar T minimising their log-loss. p = softmax(logits / T).
- "None of my dishes" (`ood` in the file): flag a photo when EITHER
  (a) p_max = max softmax(logits / T) < ood.max_probability_below: the 10th percentile of
      p_max over the training photos scored out of fold (about 10 % of photos of known dishes
      are turned away, most of them ones the head gets wrong), OR
  (b) rms(z) = sqrt(mean(z^2)) over the 1,280 standardised features > ood.feature_rms_above:
      the 99th percentile of rms(z) over the training photos' centre crops. z is what the
      server computes anyway, and rms(z) is the (diagonal Mahalanobis) distance to the mean
      training photo; it catches photos unlike any training photo (non-food, and food photos
      far from the training distribution, on which the head guesses wildly).
  Distances to class means (cosine or Euclidean, in z) were tried and were no better than (a)
  at telling unseen dishes (5-fold CV within the training photos, AUROC 0.60-0.72 vs
  0.69-0.72), and would need 41 x 1,280 more numbers; the ImageNet food classes' summed
  probability does not separate (the 64-pixel food101 photos score as low as barcodes).
  Behaviour on unseen dishes is measured by leaving food101 classes out: the 21 food101 dishes
  in three groups of 7 (class index mod 3); for each group a head is trained on the training
  photos of the other 34 dishes, its own cut (b) is set the same way, the shipped T and cut
  (a) are applied, and the rule is scored on (i) the held-back photos of those 34 dishes and
  (ii) all 100 photos of each of the 7 left-out dishes. Non-food: DIR/images/barcodes (photos
  of packaging).
  Caveat (printed at the end): the food101 photos are 64-pixel upscales, so sharp photos
  look "Chinese" to the head; real photos of the Western dishes (DIR/images/food) are often
  named as a Chinese dish. Shrinking training photos to 48-80 px as a further augmentation
  was tried and dropped: CV top-1 0.611 vs 0.631, and the sharp Western photos still went to
  Chinese dishes. Retrain with sharp photos of those dishes (--extra) to fix that.

Writes FILE (default models/data/dish_head.json): the classes, the weights and bias, the
preprocessing it assumes, the temperature, the OOD rule and the measured numbers (top-1 /
top-3, ECE in 10 equal-width bins of the max probability, reliability at 0.5 and 0.8).
Licences of the photos: see ../shared/data/PROVENANCE.md (ChineseFoodNet and Food-101 are
research datasets); the file says so, and retraining on one's own photos is this script
with --extra.
"""
import argparse
import hashlib
import json
import os
import sys
import time

import numpy as np
import onnxruntime as ort
from PIL import Image, ImageEnhance

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)

SPLIT_SEED = 2026     # the 80/20 split of food101 and --extra photos (unchanged)
AUGMENT_SEED = 7      # random views: photo i uses default_rng([AUGMENT_SEED, i])
FOLD_SEED = 0         # the 5 cross-validation folds
VIEWS = 8             # centre, mirrored centre, 6 random views per training photo
L2 = 0.03
EPOCHS, LR, MOMENTUM = 200, 0.5, 0.9
FOLDS = 5
OOD_REJECT_KNOWN = 0.10   # share of known-dish training photos (out of fold) cut (a) turns away
OOD_RMS_QUANTILE = 0.99   # cut (b): this quantile of rms(z) over the training photos
TUNE_L2 = (0.003, 0.01, 0.02, 0.03, 0.04, 0.06, 0.1)


def to_input(img):
    """Shorter side to 256, centre crop 224, ImageNet normalisation, CHW."""
    w, h = img.size
    scale = 256 / min(w, h)
    img = img.resize((max(224, round(w * scale)), max(224, round(h * scale))), Image.BILINEAR)
    w, h = img.size
    left, top = (w - 224) // 2, (h - 224) // 2
    img = img.crop((left, top, left + 224, top + 224))
    x = (np.asarray(img, dtype=np.float32) / 255.0 - MEAN) / STD
    return x.transpose(2, 0, 1)


def preprocess(path):
    return to_input(Image.open(path).convert('RGB'))


def augment(img, rng):
    """A random crop (45-100 % of the area, aspect 3:4-4:3), a coin-flip mirror and colour jitter."""
    w, h = img.size
    cw, ch = w, h
    for _ in range(10):
        area = rng.uniform(0.45, 1.0) * w * h
        aspect = np.exp(rng.uniform(np.log(3 / 4), np.log(4 / 3)))
        tw, th = int(round(np.sqrt(area * aspect))), int(round(np.sqrt(area / aspect)))
        if tw <= w and th <= h:
            cw, ch = tw, th
            break
    left, top = int(rng.integers(0, w - cw + 1)), int(rng.integers(0, h - ch + 1))
    img = img.crop((left, top, left + cw, top + ch))
    if rng.random() < 0.5:
        img = img.transpose(Image.FLIP_LEFT_RIGHT)
    img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.75, 1.25))
    img = ImageEnhance.Contrast(img).enhance(rng.uniform(0.75, 1.25))
    return ImageEnhance.Color(img).enhance(rng.uniform(0.7, 1.3))


def views_of(path, index):
    img = Image.open(path).convert('RGB')
    out = [to_input(img), to_input(img.transpose(Image.FLIP_LEFT_RIGHT))]
    rng = np.random.default_rng([AUGMENT_SEED, index])
    out += [to_input(augment(img, rng)) for _ in range(VIEWS - 2)]
    return out


def embed(session, paths, views=1, batch=32):
    """[len(paths), views, 1280]; views=1 is the inference preprocessing, more adds augmented views."""
    out, step = [], max(1, batch // views)
    for i in range(0, len(paths), step):
        if views == 1:
            x = [preprocess(p) for p in paths[i:i + step]]
        else:
            x = [v for j, p in enumerate(paths[i:i + step]) for v in views_of(p, i + j)]
        out.append(session.run(['embedding'], {'input': np.stack(x)})[0])
        print(f'\r  embedded {min(i + step, len(paths))}/{len(paths)} photos', end='', file=sys.stderr)
    print(file=sys.stderr)
    e = np.concatenate(out).astype(np.float32)
    return e.reshape(len(paths), views, -1)


def photos(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.lower().endswith(('.jpg', '.jpeg', '.png')))


def dish_name(folder_name):
    # "00_麻婆豆腐" -> "麻婆豆腐"; "fried_rice" -> "fried rice"
    head, _, rest = folder_name.partition('_')
    return rest if head.isdigit() and rest else folder_name.replace('_', ' ')


def log_softmax(logits):
    logits = logits - logits.max(axis=-1, keepdims=True)
    return logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))


def train(x, y, classes, l2=L2, epochs=EPOCHS, lr=LR, momentum=MOMENTUM):
    """Full-batch Nesterov gradient descent on the mean softmax cross-entropy + l2/2 |W|^2.

    Safeguards (they never trigger on the shipped data): the momentum restarts whenever the
    objective goes up, and if it rises above its starting value the step halves and the
    descent starts again from zero."""
    n, d = x.shape
    onehot = np.eye(classes, dtype=np.float32)[y]
    start = float(np.log(classes))
    while True:
        w = np.zeros((d, classes), dtype=np.float32)
        b = np.zeros(classes, dtype=np.float32)
        vw, vb = np.zeros_like(w), np.zeros_like(b)
        previous, diverged = np.inf, False
        for _ in range(epochs):
            wl, bl = w + momentum * vw, b + momentum * vb
            logits = x @ wl + bl
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            total = p.sum(axis=1, keepdims=True)
            loss = float(np.mean(np.log(total[:, 0]) - logits[np.arange(n), y]) + 0.5 * l2 * np.sum(wl * wl))
            if not np.isfinite(loss) or loss > start + 1e-6:
                diverged = True
                break
            if loss > previous:
                vw, vb = np.zeros_like(w), np.zeros_like(b)   # restart from w, b
                wl, bl = w, b
                logits = x @ wl + bl
                logits -= logits.max(axis=1, keepdims=True)
                p = np.exp(logits)
                total = p.sum(axis=1, keepdims=True)
            previous = loss
            grad = (p / total - onehot) / n
            vw = momentum * vw - lr * (x.T @ grad + l2 * wl)
            vb = momentum * vb - lr * grad.sum(axis=0)
            w, b = w + vw, b + vb
        if not diverged:
            return w, b
        lr *= 0.5
        print(f'  descent diverged; step now {lr}', file=sys.stderr)


def fit(emb, y, classes, l2=L2):
    """emb [n, views, 1280] -> (mean, scale, W [1280, classes], b), trained on all views."""
    mean, scale = emb[:, 0].mean(axis=0), emb[:, 0].std(axis=0) + 1e-6
    x = ((emb - mean) / scale).reshape(-1, emb.shape[-1])
    w, b = train(x, np.repeat(y, emb.shape[1]), classes, l2)
    return mean, scale, w, b


def head_logits(head, emb):
    mean, scale, w, b = head
    return ((emb - mean) / scale) @ w + b


def feature_rms(head, emb):
    mean, scale = head[:2]
    return np.sqrt((((emb - mean) / scale) ** 2).mean(axis=-1))


def topk(logits, y, k):
    ranked = np.argsort(-logits, axis=1)[:, :k]
    return float((ranked == y[:, None]).any(axis=1).mean())


def nll(logits, y, t=1.0):
    return float(-log_softmax(logits / t)[np.arange(len(y)), y].mean())


def max_prob(logits, t):
    return np.exp(log_softmax(logits / t)).max(axis=1)


def ece(logits, y, t, bins=10):
    """Expected calibration error of the max probability, equal-width bins (i/10, (i+1)/10]."""
    conf, right = max_prob(logits, t), logits.argmax(axis=1) == y
    total = 0.0
    for i in range(bins):
        m = (conf > i / bins) & (conf <= (i + 1) / bins)
        if m.any():
            total += m.mean() * abs(right[m].mean() - conf[m].mean())
    return float(total)


def reliability(logits, y, t, thresholds=(0.5, 0.8)):
    conf, right = max_prob(logits, t), logits.argmax(axis=1) == y
    return {f'p>={th}': {'share': round(float((conf >= th).mean()), 3),
                         'accuracy': round(float(right[conf >= th].mean()), 3) if (conf >= th).any() else None}
            for th in thresholds}


def fit_temperature(logits, y):
    grid = np.exp(np.linspace(np.log(0.05), np.log(20), 1201))
    return float(grid[int(np.argmin([nll(logits, y, t) for t in grid]))])


def auroc(known, unseen):
    """P(score of a known-dish photo > score of an unseen-dish photo), ties counted half."""
    s = np.concatenate([known, unseen])
    order = np.argsort(s, kind='mergesort')
    ranks = np.empty(len(s))
    ranks[order] = np.arange(1, len(s) + 1)
    for v in np.unique(s):   # average ranks of ties
        m = s == v
        if m.sum() > 1:
            ranks[m] = ranks[m].mean()
    return float((ranks[:len(known)].sum() - len(known) * (len(known) + 1) / 2) / (len(known) * len(unseen)))


def folds_of(y, k=FOLDS):
    rng, fold = np.random.default_rng(FOLD_SEED), np.zeros(len(y), dtype=int)
    for c in np.unique(y):
        idx = rng.permutation(np.where(y == c)[0])
        fold[idx] = np.arange(len(idx)) % k
    return fold


def out_of_fold(emb, y, classes, l2):
    fold, oof = folds_of(y), np.zeros((len(y), classes), dtype=np.float32)
    for k in range(FOLDS):
        head = fit(emb[fold != k], y[fold != k], classes, l2)
        oof[fold == k] = head_logits(head, emb[fold == k, 0])
        print(f'  fold {k + 1}/{FOLDS} (L2 {l2})', file=sys.stderr)
    return oof


def r3(v):
    return round(float(v), 3)


def main():
    started = time.time()
    here = os.path.dirname(os.path.abspath(__file__))
    project = os.path.dirname(here)
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default=os.path.join(project, '..', 'shared', 'data'))
    parser.add_argument('--out', default=os.path.join(project, 'models', 'data', 'dish_head.json'))
    parser.add_argument('--extra', nargs='*', default=[])
    parser.add_argument('--threads', type=int, default=0, help='ONNX Runtime threads (0: all cores)')
    parser.add_argument('--tune', action='store_true', help='re-run the 5-fold CV grid over L2')
    args = parser.parse_args()

    options = ort.SessionOptions()
    options.intra_op_num_threads = args.threads
    options.inter_op_num_threads = 1
    session = ort.InferenceSession(os.path.join(args.data, 'models', 'efficientnet_lite0.onnx'),
                                   options, providers=['CPUExecutionProvider'])
    classes, train_paths, train_y, test_paths, test_y, food101_classes = [], [], [], [], [], []

    def class_of(name):
        if name not in classes:
            classes.append(name)
        return classes.index(name)

    rng = np.random.default_rng(SPLIT_SEED)
    cfn = os.path.join(args.data, 'images', 'chinesefoodnet20')
    for split, paths, ys in (('train', train_paths, train_y), ('val', test_paths, test_y)):
        for folder in sorted(os.listdir(os.path.join(cfn, split))):
            c = class_of(dish_name(folder))
            found = photos(os.path.join(cfn, split, folder))
            paths += found
            ys += [c] * len(found)
    food101 = os.path.join(args.data, 'images', 'food101_subset', 'train')
    for root in [food101] + args.extra:
        for folder in sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))):
            c = class_of(dish_name(folder))
            if root == food101:
                food101_classes.append(c)
            found = photos(os.path.join(root, folder))
            order = rng.permutation(len(found))
            cut = int(len(found) * 0.8)
            for rank, i in enumerate(order):
                (train_paths if rank < cut else test_paths).append(found[i])
                (train_y if rank < cut else test_y).append(c)
    n_classes = len(classes)
    y_train, y_test = np.array(train_y), np.array(test_y)
    cfn_test = np.array([p.startswith(cfn) for p in test_paths])
    f101_test = np.array([p.startswith(food101) for p in test_paths])

    print(f'{n_classes} dishes, {len(train_paths)} training photos (x{VIEWS} views), '
          f'{len(test_paths)} held back', file=sys.stderr)
    e_train = embed(session, train_paths, VIEWS)
    e_test = embed(session, test_paths)[:, 0]
    barcodes = os.path.join(args.data, 'images', 'barcodes')
    nonfood_paths = photos(barcodes) if os.path.isdir(barcodes) else []
    e_nonfood = embed(session, nonfood_paths)[:, 0] if nonfood_paths else None

    # 1. L2 (optional grid) and the out-of-fold logits of the chosen head.
    l2, cv_grid = L2, None
    if args.tune:
        cv_grid = {}
        for value in TUNE_L2:
            oof = out_of_fold(e_train, y_train, n_classes, value)
            cv_grid[value] = (topk(oof, y_train, 1), -nll(oof, y_train), oof)
            print(f'  L2 {value}: CV top-1 {cv_grid[value][0]:.4f}, log-loss {-cv_grid[value][1]:.4f}',
                  file=sys.stderr)
        l2 = max(cv_grid, key=lambda v: cv_grid[v][:2])
        oof = cv_grid[l2][2]
    else:
        oof = out_of_fold(e_train, y_train, n_classes, l2)

    # 2. Temperature and the OOD threshold, from the out-of-fold logits (training photos only).
    temperature = float(f'{fit_temperature(oof, y_train):.5g}')
    p_cut = round(float(np.quantile(max_prob(oof, temperature), OOD_REJECT_KNOWN)), 3)

    # 3. The shipped head: all training photos.
    head = fit(e_train, y_train, n_classes, l2)
    logits = head_logits(head, e_test)

    def scores(mask):
        lg, yy = logits[mask], y_test[mask]
        return {'photos': int(mask.sum()), 'top1': r3(topk(lg, yy, 1)), 'top3': r3(topk(lg, yy, 3)),
                'ece_before': r3(ece(lg, yy, 1.0)), 'ece_after': r3(ece(lg, yy, temperature)),
                'reliability_before': reliability(lg, yy, 1.0),
                'reliability_after': reliability(lg, yy, temperature)}

    everything = np.ones(len(y_test), dtype=bool)
    held_back = {'all': scores(everything), 'chinesefoodnet20_val': scores(cfn_test),
                 'food101_held_back': scores(f101_test)}

    # 4. OOD: the rule on the shipped head; then leave food101 classes out.
    rms_cut = round(float(np.quantile(feature_rms(head, e_train[:, 0]), OOD_RMS_QUANTILE)), 3)

    def flags(h, emb, lg, cut_b):
        low, far = max_prob(lg, temperature) < p_cut, feature_rms(h, emb) > cut_b
        return low, far, low | far

    low, far, flagged = flags(head, e_test, logits, rms_cut)
    wrong = logits.argmax(1) != y_test
    ood_measured = {'known_dishes_flagged': {
        name: {'by_rule': r3(flagged[m].mean()), 'by_max_probability': r3(low[m].mean()),
               'by_feature_rms': r3(far[m].mean()), 'of_those_head_was_wrong': r3(wrong[m & flagged].mean())}
        for name, m in (('held_back', everything), ('chinesefoodnet20_val', cfn_test),
                        ('food101_held_back', f101_test))}}
    if e_nonfood is not None:
        low, far, flagged = flags(head, e_nonfood, head_logits(head, e_nonfood), rms_cut)
        ood_measured['non_food'] = {'photos': len(nonfood_paths), 'flagged_by_rule': r3(flagged.mean()),
                                    'by_max_probability': r3(low.mean()), 'by_feature_rms': r3(far.mean())}
    known_conf, unseen_conf, known_flag, unseen_flag, known_far, unseen_far, aurocs = ([] for _ in range(7))
    for g in range(3):
        unseen = [c for i, c in enumerate(food101_classes) if i % 3 == g]
        known = [c for c in range(n_classes) if c not in unseen]
        remap = -np.ones(n_classes, dtype=int)
        remap[known] = np.arange(len(known))
        keep = np.isin(y_train, known)
        sub = fit(e_train[keep], remap[y_train[keep]], len(known), l2)
        sub_cut = float(np.quantile(feature_rms(sub, e_train[keep, 0]), OOD_RMS_QUANTILE))
        ek = e_test[np.isin(y_test, known)]
        eu = np.concatenate([e_test[np.isin(y_test, unseen)], e_train[np.isin(y_train, unseen), 0]])
        for emb, conf, flag, far in ((ek, known_conf, known_flag, known_far),
                                     (eu, unseen_conf, unseen_flag, unseen_far)):
            lg = head_logits(sub, emb)
            conf.append(max_prob(lg, temperature))
            flag.append(flags(sub, emb, lg, sub_cut)[2])
            far.append(feature_rms(sub, emb) > sub_cut)
        aurocs.append(auroc(known_conf[-1], unseen_conf[-1]))
        print(f'  leave-out group {g + 1}/3: {[classes[c] for c in unseen]}', file=sys.stderr)
    known_conf, unseen_conf = np.concatenate(known_conf), np.concatenate(unseen_conf)
    ood_measured['leave_classes_out'] = {
        'unseen_dish_photos': int(len(unseen_conf)),
        'unseen_dishes_flagged_by_rule': r3(np.concatenate(unseen_flag).mean()),
        'unseen_dishes_flagged_by_feature_rms': r3(np.concatenate(unseen_far).mean()),
        'known_held_back_photos': int(len(known_conf)),
        'known_dishes_flagged_by_rule': r3(np.concatenate(known_flag).mean()),
        'auroc_max_probability': r3(np.mean(aurocs)),
        'flagged_by_max_probability_at_other_cuts': {
            str(t): {'unseen': r3((unseen_conf < t).mean()), 'known': r3((known_conf < t).mean()),
                     'known_shipped_head': r3((max_prob(logits, temperature) < t).mean())}
            for t in (0.3, 0.4, 0.5, 0.6)},
    }

    report = {
        'held_back_photos': len(test_paths),
        'top1': held_back['all']['top1'],
        'top3': held_back['all']['top3'],
        'chinesefoodnet20_val_top1': held_back['chinesefoodnet20_val']['top1'],
        'chinesefoodnet20_val_top3': held_back['chinesefoodnet20_val']['top3'],
        'food101_held_back_top1': held_back['food101_held_back']['top1'],
        'food101_held_back_top3': held_back['food101_held_back']['top3'],
        'cv5_training_photos': {'top1': r3(topk(oof, y_train, 1)), 'top3': r3(topk(oof, y_train, 3)),
                                'log_loss_before': r3(nll(oof, y_train)),
                                'log_loss_after': r3(nll(oof, y_train, temperature)),
                                'ece_before': r3(ece(oof, y_train, 1.0)),
                                'ece_after': r3(ece(oof, y_train, temperature))},
        'held_back': held_back,
        'ood': ood_measured,
    }
    if cv_grid:
        report['cv5_l2_grid'] = {str(v): {'top1': r3(t), 'log_loss': r3(-n)} for v, (t, n, _) in cv_grid.items()}
    print(json.dumps(report, ensure_ascii=False, indent=1), file=sys.stderr)
    mean, scale, w, b = head
    out = {
        'model': 'efficientnet_lite0.onnx output "embedding" (1,280 values)',
        'preprocess': 'RGB, shorter side 256 (bilinear), centre crop 224, (x/255 - mean)/std, '
                      'mean [0.485,0.456,0.406], std [0.229,0.224,0.225], NCHW; one crop, one forward pass',
        'features': 'standardised: (embedding - feature_mean) / feature_scale',
        'scoring': 'logits = weights . z + bias; p = softmax(logits / temperature)',
        'trained_on': 'images/chinesefoodnet20/train (ChineseFoodNet, research use) and 80 % of '
                      'images/food101_subset (Food-101, research use); see ../shared/data/PROVENANCE.md. '
                      'Retrain on your own photos: scripts/train-dish-head.py --extra FOLDER',
        'training': {'views_per_photo': VIEWS, 'augmentation': 'centre, mirrored centre, 6 random crops '
                     '(45-100 % area, aspect 3:4-4:3, mirror, brightness/contrast x0.75-1.25, saturation x0.7-1.3)',
                     'l2': l2, 'epochs': EPOCHS, 'lr': LR, 'momentum': MOMENTUM,
                     'chosen_by': '5-fold CV within the training photos'},
        'measured': report,
        'temperature': temperature,
        'ood': {
            'max_probability_below': p_cut,
            'feature_rms_above': rms_cut,
            'rule': 'none of my dishes when max(softmax(logits / temperature)) < max_probability_below '
                    'OR sqrt(mean(z_i^2)) > feature_rms_above, z = (embedding - feature_mean) / '
                    'feature_scale (all 1,280 values). Cuts from the training photos: the 10th '
                    'percentile of the out-of-fold max probability, the 99th percentile of the rms. '
                    'Measured: measured.ood',
        },
        'classes': classes,
        'feature_mean': [round(float(v), 5) for v in mean],
        'feature_scale': [round(float(v), 5) for v in scale],
        'bias': [round(float(v), 5) for v in b],
        # weights[class][feature]
        'weights': [[round(float(v), 5) for v in row] for row in w.T],
    }
    with open(args.out, 'w', encoding='utf-8') as f:
        json.dump(out, f, ensure_ascii=False, separators=(',', ':'))
    # `make models` checks the head against this; the evaluation
    # (worker/examples/recognition_eval.rs) reads which Food-101 photos were held back.
    with open(args.out, 'rb') as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(args.out + '.sha256', 'w') as f:
        f.write(f'{digest}  {os.path.basename(args.out)}\n')
    images = os.path.join(args.data, 'images')
    with open(os.path.join(os.path.dirname(args.out), 'dish_head_heldout.txt'), 'w') as f:
        f.writelines(os.path.relpath(p, images) + '\n' for p in test_paths if p.startswith(food101))
    food = os.path.join(args.data, 'images', 'food')
    if os.path.isdir(food):
        print('real photos in images/food (not measured above; their dishes are food101 ones or none):',
              file=sys.stderr)
        paths = photos(food)
        e_food = embed(session, paths)[:, 0]
        lg = head_logits(head, e_food)
        low, far, flagged = flags(head, e_food, lg, rms_cut)
        for p, l, r, fl in zip(paths, lg, feature_rms(head, e_food), flagged):
            top = np.argsort(-l)[:3]
            pr = np.exp(log_softmax(l / temperature))
            print(f'  {os.path.basename(p)}: ' + ', '.join(f'{classes[c]} {pr[c]:.2f}' for c in top)
                  + f'; rms {r:.2f}' + (' -> none of my dishes' if fl else ''), file=sys.stderr)
    print(f'wrote {args.out} in {time.time() - started:.0f} s', file=sys.stderr)


if __name__ == '__main__':
    main()
