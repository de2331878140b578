#!/usr/bin/env python3
"""Every Grafana dashboard under deploy/grafana parses, and every metric its queries read
is one the Rust code records (a renamed metric would leave a panel silently empty)."""
import json
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sources = '\n'.join(p.read_text(encoding='utf-8') for d in ('api', 'worker', 'platform', 'jobs')
                    for p in (root / d / 'src').rglob('*.rs'))
failed = False
for path in sorted((root / 'deploy' / 'grafana').glob('*.json')):
    dashboard = json.loads(path.read_text(encoding='utf-8'))
    for panel in dashboard['panels']:
        for target in panel.get('targets', []):
            # A metric is what a selector (`{…}`) or a range (`[…]`) follows.
            for name in re.findall(r'\b([a-z_][a-z0-9_]*)\s*[{[]', target['expr']):
                metric = re.sub(r'_(bucket|count|sum)$', '', name)
                if f'"{metric}"' not in sources:
                    print(f'{path.name}: panel {panel["title"]!r} reads {metric}, which nothing records')
                    failed = True
sys.exit(1 if failed else 0)
