#!/usr/bin/env python3
"""Derives a copy of an ONNX model exported for one image at a time that takes any number
of images at once (a dynamic batch dimension), for GPU workers that run the photos
waiting for the model as one batch (issue 29). Used by `make models` for the YOLOX
detector; needs the `onnx` package (scripts/install-models.sh installs a pinned one).

    batch-model.py IN.onnx OUT.onnx

What changes, and only that:
- the first dimension of every graph input and output becomes the symbol `batch`;
- every Reshape whose target shape is a constant starting with 1 (the exported batch)
  starts with 0 instead, which ONNX reads as "the input's own first dimension";
- the shapes ONNX inferred for the tensors in between are dropped (they named batch 1;
  ONNX Runtime infers them again).

The result is checked by onnx's checker. Its bytes are the same for the same input and
onnx version, so its sha256 can be pinned in the model's manifest.
"""

import sys

import onnx
from onnx import numpy_helper


def constant_tensors(graph):
    """Initializers and Constant nodes by output name."""
    found = {tensor.name: tensor for tensor in graph.initializer}
    for node in graph.node:
        if node.op_type == "Constant":
            for attribute in node.attribute:
                if attribute.name == "value":
                    found[node.output[0]] = attribute.t
    return found


def main(source, target):
    model = onnx.load(source)
    graph = model.graph
    for value in list(graph.input) + list(graph.output):
        dims = value.type.tensor_type.shape.dim
        if dims:
            dims[0].ClearField("dim_value")
            dims[0].dim_param = "batch"
    constants = constant_tensors(graph)
    rewritten = 0
    for node in graph.node:
        if node.op_type != "Reshape" or node.input[1] not in constants:
            continue
        tensor = constants[node.input[1]]
        shape = numpy_helper.to_array(tensor).copy()
        if shape.ndim == 1 and len(shape) > 0 and shape[0] == 1:
            shape[0] = 0
            tensor.CopyFrom(numpy_helper.from_array(shape, tensor.name))
            rewritten += 1
    del graph.value_info[:]
    onnx.checker.check_model(model)
    onnx.save(model, target)
    print(f"{target}: batch dimension on {len(graph.input)} input(s), {rewritten} reshape(s)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
