"""Helpers of the ONNX exporters that write a sentence-transformer's encoder op by op from its safetensors with
the `onnx` package (no PyTorch): the BERT graph of scripts/fetch-model.sh and the MPNet graph of
scripts/export-mpnet-onnx.py. Imported from the scripts folder (sys.path) inside their throw-away virtualenvs.
"""
import json
import struct

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def load_safetensors(path, prefix=""):
    """The tensors of a .safetensors file by name (without `prefix`), F16 widened to F32."""
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    dtypes = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    tensors = {}
    for key, meta in header.items():
        if key == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        arr = np.frombuffer(data[start:end], dtype=dtypes[meta["dtype"]]).reshape(meta["shape"])
        tensors[key.removeprefix(prefix)] = arr.astype(np.float32) if arr.dtype == np.float16 else arr
    return tensors


class Graph:
    """Nodes and initializers of a graph being written; node names count up, so a rebuild gives the same file."""

    def __init__(self, weights, eps):
        self.W, self.eps, self.nodes, self.inits = weights, eps, [], []

    def const(self, name, arr):
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(arr), name))
        return name

    def op(self, kind, inputs, out=None, **attrs):
        out = out or f"{kind.lower()}_{len(self.nodes)}"
        self.nodes.append(helper.make_node(kind, inputs, [out], name=out, **attrs))
        return out

    def weight(self, key):
        return self.const(key, self.W[key])

    def linear(self, x, prefix):
        # torch Linear stores [out, in]; MatMul wants [in, out].
        w = self.const(prefix + ".weight.T", self.W[prefix + ".weight"].T)
        return self.op("Add", [self.op("MatMul", [x, w]), self.weight(prefix + ".bias")])

    def layer_norm(self, x, prefix):
        return self.op("LayerNormalization", [x, self.weight(prefix + ".weight"), self.weight(prefix + ".bias")],
                       axis=-1, epsilon=self.eps)

    def encoder_layer(self, x, names, add_to_scores, c):
        """One post-LN transformer layer (exact erf GELU). names: the weights' prefixes (q, k, v, o, attention_norm,
        intermediate, output, output_norm); add_to_scores: what is added to the scaled attention scores (the mask,
        and MPNet's position bias); c: the constants one, half, sqrt2, scale, heads_shape, hidden_shape."""
        q = self.op("Transpose", [self.op("Reshape", [self.linear(x, names["q"]), c["heads_shape"]])], perm=[0, 2, 1, 3])
        k = self.op("Transpose", [self.op("Reshape", [self.linear(x, names["k"]), c["heads_shape"]])], perm=[0, 2, 3, 1])
        v = self.op("Transpose", [self.op("Reshape", [self.linear(x, names["v"]), c["heads_shape"]])], perm=[0, 2, 1, 3])
        scores = self.op("Add", [self.op("Mul", [self.op("MatMul", [q, k]), c["scale"]]), add_to_scores])
        ctx = self.op("MatMul", [self.op("Softmax", [scores], axis=-1), v])
        ctx = self.op("Reshape", [self.op("Transpose", [ctx], perm=[0, 2, 1, 3]), c["hidden_shape"]])
        x = self.layer_norm(self.op("Add", [self.linear(ctx, names["o"]), x]), names["attention_norm"])
        h = self.linear(x, names["intermediate"])
        h = self.op("Mul", [self.op("Mul", [h, c["half"]]),
                            self.op("Add", [self.op("Erf", [self.op("Div", [h, c["sqrt2"]])]), c["one"]])])
        return self.layer_norm(self.op("Add", [self.linear(h, names["output"]), x]), names["output_norm"])

    def save(self, name, inputs, hidden, producer, out_path):
        """The last node's output becomes last_hidden_state [batch, sequence, hidden]; opset 17, checked, saved."""
        self.nodes[-1].output[0] = "last_hidden_state"
        dims = ["batch", "sequence"]
        graph = helper.make_graph(
            self.nodes, name,
            [helper.make_tensor_value_info(n, TensorProto.INT64, dims) for n in inputs],
            [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, dims + [hidden])],
            self.inits,
        )
        model = helper.make_model(graph, producer_name=producer, opset_imports=[helper.make_opsetid("", 17)])
        model.ir_version = 8  # opset 17's IR version; read by every onnxruntime since 1.12
        onnx.checker.check_model(model, full_check=True)
        onnx.save(model, out_path)
