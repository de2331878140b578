#!/usr/bin/env python3
"""`make lint`: validates the Kubernetes manifests of deploy/k8s offline, strictly (an
unknown field is an error): Kubernetes' own kinds against the schemas that the
kubernetes-validate package (PyPI) carries, KEDA's ScaledObject against
deploy/k8s/schemas/keda-scaledobject-v1alpha1.json. A kind with no schema is an error too.

    validate-k8s.py [KUBERNETES_VERSION]
"""

import glob
import json
import os
import sys

import jsonschema
import kubernetes_validate
import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "deploy", "k8s")
OWN_SCHEMAS = {
    ("keda.sh/v1alpha1", "ScaledObject"): "keda-scaledobject-v1alpha1.json",
}


def main(version):
    failures = 0
    documents = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "*.yaml"))):
        with open(path) as f:
            for doc in yaml.safe_load_all(f):
                if not doc:
                    continue
                documents += 1
                where = f"{os.path.basename(path)}: {doc.get('kind')}/{doc.get('metadata', {}).get('name')}"
                own = OWN_SCHEMAS.get((doc.get("apiVersion"), doc.get("kind")))
                try:
                    if own:
                        with open(os.path.join(ROOT, "schemas", own)) as s:
                            jsonschema.validate(doc, json.load(s))
                    else:
                        kubernetes_validate.validate(doc, version, strict=True)
                    print(f"ok   {where}")
                except (jsonschema.ValidationError, kubernetes_validate.ValidationError) as e:
                    failures += 1
                    print(f"FAIL {where}: {e.message} at {'/'.join(map(str, e.absolute_path))}")
                except kubernetes_validate.SchemaNotFoundError as e:
                    failures += 1
                    print(f"FAIL {where}: {e.message}")
    if documents == 0:
        sys.exit(f"no manifests under {ROOT}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "1.33.0")
